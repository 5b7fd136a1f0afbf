CREATE TABLE "distributors" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"channel_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text,
	"category" text NOT NULL,
	"npwp_id" text NOT NULL,
	"npwp_name" text,
	"address" text NOT NULL,
	"province_code" text NOT NULL,
	"city_code" text NOT NULL,
	"district_code" text NOT NULL,
	"subdistrict_code" text,
	"postal_code" text NOT NULL,
	"bank_code" text NOT NULL,
	"bank_account_number" text NOT NULL,
	"bank_account_name" text NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"coverage_area" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "distributors" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE UNIQUE INDEX "distributors_workspace_code_key" ON "distributors" USING btree ("workspace_id","code");--> statement-breakpoint
CREATE INDEX "distributors_channel_created_idx" ON "distributors" USING btree ("workspace_id","channel_id","created_at");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "distributors" AS PERMISSIVE FOR ALL TO "kelola_app" USING ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid) WITH CHECK ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid);