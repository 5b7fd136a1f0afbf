CREATE TABLE "distributor_channels" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "distributor_channels" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "distributor_prices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"distributor_product_id" uuid NOT NULL,
	"catalog_id" uuid NOT NULL,
	"price" bigint NOT NULL,
	"effective_date" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "distributor_prices" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "distributor_product_skus" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"distributor_product_id" uuid NOT NULL,
	"catalog_id" uuid NOT NULL,
	"seller_sku" text NOT NULL,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "distributor_product_skus" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "distributor_products" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"channel_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"min_order" integer DEFAULT 1 NOT NULL,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "distributor_products" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "distributor_prices" ADD CONSTRAINT "distributor_prices_distributor_product_id_distributor_products_id_fk" FOREIGN KEY ("distributor_product_id") REFERENCES "public"."distributor_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributor_product_skus" ADD CONSTRAINT "distributor_product_skus_distributor_product_id_distributor_products_id_fk" FOREIGN KEY ("distributor_product_id") REFERENCES "public"."distributor_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "distributor_products" ADD CONSTRAINT "distributor_products_channel_id_distributor_channels_id_fk" FOREIGN KEY ("channel_id") REFERENCES "public"."distributor_channels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "distributor_channels_workspace_key" ON "distributor_channels" USING btree ("workspace_id");--> statement-breakpoint
CREATE UNIQUE INDEX "distributor_prices_key" ON "distributor_prices" USING btree ("workspace_id","distributor_product_id","catalog_id","effective_date");--> statement-breakpoint
CREATE INDEX "distributor_prices_catalog_idx" ON "distributor_prices" USING btree ("workspace_id","catalog_id","effective_date");--> statement-breakpoint
CREATE UNIQUE INDEX "distributor_product_skus_key" ON "distributor_product_skus" USING btree ("workspace_id","distributor_product_id","catalog_id");--> statement-breakpoint
CREATE UNIQUE INDEX "distributor_products_key" ON "distributor_products" USING btree ("workspace_id","channel_id","product_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "distributor_channels" AS PERMISSIVE FOR ALL TO "kelola_app" USING ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid) WITH CHECK ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "distributor_prices" AS PERMISSIVE FOR ALL TO "kelola_app" USING ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid) WITH CHECK ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "distributor_product_skus" AS PERMISSIVE FOR ALL TO "kelola_app" USING ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid) WITH CHECK ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "distributor_products" AS PERMISSIVE FOR ALL TO "kelola_app" USING ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid) WITH CHECK ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid);