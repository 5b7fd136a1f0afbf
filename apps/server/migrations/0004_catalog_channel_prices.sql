CREATE TABLE "catalog_channel_prices" (
	"workspace_id" uuid NOT NULL,
	"catalog_id" uuid NOT NULL,
	"channel_connection_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"price_msrp" bigint NOT NULL,
	"price_sales" bigint NOT NULL,
	"updated_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "catalog_channel_prices_catalog_id_channel_connection_id_pk" PRIMARY KEY("catalog_id","channel_connection_id"),
	CONSTRAINT "catalog_channel_prices_amounts_check" CHECK ("catalog_channel_prices"."price_sales" >= 0 and "catalog_channel_prices"."price_sales" <= "catalog_channel_prices"."price_msrp")
);
--> statement-breakpoint
ALTER TABLE "catalog_channel_prices" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "catalog_channel_prices" ADD CONSTRAINT "catalog_channel_prices_catalog_id_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "catalog_channel_prices_channel_idx" ON "catalog_channel_prices" USING btree ("workspace_id","channel_connection_id","mode");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "catalog_channel_prices" AS PERMISSIVE FOR ALL TO "kelola_app" USING ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid) WITH CHECK ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid);