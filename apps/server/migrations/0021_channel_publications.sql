CREATE TABLE "channel_publications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"batch_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"product_id" uuid NOT NULL,
	"product_name" text NOT NULL,
	"connection_id" uuid NOT NULL,
	"target" text NOT NULL,
	"mode" text DEFAULT 'CREATE' NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"input" jsonb NOT NULL,
	"draft" jsonb,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"request_id" text,
	"channel_product_id" text,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"mapped_skus" integer DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "channel_publications" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "channel_publications" ADD CONSTRAINT "channel_publications_connection_id_channel_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."channel_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "channel_publications_batch_idx" ON "channel_publications" USING btree ("workspace_id","batch_id","position");--> statement-breakpoint
CREATE INDEX "channel_publications_product_idx" ON "channel_publications" USING btree ("workspace_id","product_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "channel_publications" AS PERMISSIVE FOR ALL TO "kelola_app" USING ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid) WITH CHECK ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid);