CREATE TABLE "stock_set_asides" (
	"workspace_id" uuid NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"catalog_id" uuid NOT NULL,
	"channel_id" uuid NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_set_asides_workspace_id_warehouse_id_catalog_id_channel_id_pk" PRIMARY KEY("workspace_id","warehouse_id","catalog_id","channel_id"),
	CONSTRAINT "stock_set_asides_quantity_check" CHECK ("stock_set_asides"."quantity" >= 0)
);
--> statement-breakpoint
ALTER TABLE "stock_set_asides" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "allocated_delta" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "allocated_before" integer;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "allocated_after" integer;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "channel_id" uuid;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "stock_set_asides" AS PERMISSIVE FOR ALL TO "kelola_app" USING ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid) WITH CHECK ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid);