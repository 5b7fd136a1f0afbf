CREATE TABLE "customer_imports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"status" text DEFAULT 'PREVIEW' NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"preview" jsonb NOT NULL,
	"result" jsonb,
	"error_file_key" text,
	"requested_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "customer_imports" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE INDEX "customer_imports_workspace_created_idx" ON "customer_imports" USING btree ("workspace_id","created_at");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "customer_imports" AS PERMISSIVE FOR ALL TO "kelola_app" USING ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid) WITH CHECK ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid);