CREATE TABLE "bin_locations" (
	"workspace_id" uuid NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"catalog_id" uuid NOT NULL,
	"location" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bin_locations_workspace_id_warehouse_id_catalog_id_pk" PRIMARY KEY("workspace_id","warehouse_id","catalog_id")
);
--> statement-breakpoint
ALTER TABLE "bin_locations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "order_prints" (
	"workspace_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"print_count" integer DEFAULT 0 NOT NULL,
	"first_printed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_printed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_prints_workspace_id_order_id_kind_pk" PRIMARY KEY("workspace_id","order_id","kind")
);
--> statement-breakpoint
ALTER TABLE "order_prints" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "exports" ADD COLUMN "progress" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "exports" ADD COLUMN "file_size" bigint;--> statement-breakpoint
CREATE INDEX "bin_locations_location_idx" ON "bin_locations" USING btree ("workspace_id","warehouse_id","location");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "bin_locations" AS PERMISSIVE FOR ALL TO "kelola_app" USING ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid) WITH CHECK ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "order_prints" AS PERMISSIVE FOR ALL TO "kelola_app" USING ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid) WITH CHECK ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid);