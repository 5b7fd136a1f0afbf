CREATE TABLE "area_prices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"catalog_id" uuid NOT NULL,
	"area_code" text NOT NULL,
	"area_level" text NOT NULL,
	"customer_type" text NOT NULL,
	"price" bigint NOT NULL,
	"effective_from" date NOT NULL,
	"effective_until" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "area_prices" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "brands" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "brands" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "bundle_components" (
	"workspace_id" uuid NOT NULL,
	"bundle_product_id" uuid NOT NULL,
	"component_catalog_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "bundle_components_bundle_product_id_component_catalog_id_pk" PRIMARY KEY("bundle_product_id","component_catalog_id")
);
--> statement-breakpoint
ALTER TABLE "bundle_components" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "catalog_variable_values" (
	"workspace_id" uuid NOT NULL,
	"catalog_id" uuid NOT NULL,
	"variable_id" uuid NOT NULL,
	"value" numeric(24, 6) NOT NULL,
	CONSTRAINT "catalog_variable_values_catalog_id_variable_id_pk" PRIMARY KEY("catalog_id","variable_id")
);
--> statement-breakpoint
ALTER TABLE "catalog_variable_values" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "catalogs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"options" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"price" bigint NOT NULL,
	"barcode" text,
	"weight_grams" integer DEFAULT 0 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalogs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"parent_id" uuid,
	"name" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_workspace_parent_name_key" UNIQUE NULLS NOT DISTINCT("workspace_id","parent_id","name")
);
--> statement-breakpoint
ALTER TABLE "categories" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "exports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"type" text NOT NULL,
	"status" text DEFAULT 'PROCESSING' NOT NULL,
	"file_key" text,
	"file_name" text NOT NULL,
	"row_count" integer DEFAULT 0 NOT NULL,
	"filters" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"error" text,
	"requested_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "exports" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "product_images" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"catalog_id" uuid,
	"file_key" text NOT NULL,
	"thumb_key" text,
	"file_name" text NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"width" integer,
	"height" integer,
	"position" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "product_images" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "product_imports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"status" text DEFAULT 'QUEUED' NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"result_file_key" text,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"succeeded_rows" integer DEFAULT 0 NOT NULL,
	"failed_rows" integer DEFAULT 0 NOT NULL,
	"error" text,
	"requested_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "product_imports" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "product_status_counts" (
	"workspace_id" uuid NOT NULL,
	"status" text NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "product_status_counts_workspace_id_status_pk" PRIMARY KEY("workspace_id","status")
);
--> statement-breakpoint
ALTER TABLE "product_status_counts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"type" text NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"category_id" uuid,
	"brand_id" uuid,
	"condition" text DEFAULT 'NEW' NOT NULL,
	"specification" text,
	"description" text,
	"short_description" text,
	"video_url" text,
	"video_file_key" text,
	"base_unit" text DEFAULT 'PCS' NOT NULL,
	"units" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"gift_size" text,
	"weight_grams" integer DEFAULT 0 NOT NULL,
	"width_cm" integer DEFAULT 0 NOT NULL,
	"height_cm" integer DEFAULT 0 NOT NULL,
	"length_cm" integer DEFAULT 0 NOT NULL,
	"factory_sku" text,
	"barcode" text,
	"wholesale_prices" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"is_import" boolean DEFAULT false NOT NULL,
	"origin" text,
	"vat_mode" text DEFAULT 'NONE' NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"is_valid" boolean DEFAULT true NOT NULL,
	"variant_tiers" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"price_formula_id" uuid,
	"price_min" bigint DEFAULT 0 NOT NULL,
	"price_max" bigint DEFAULT 0 NOT NULL,
	"catalog_count" integer DEFAULT 0 NOT NULL,
	"image_key" text,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "price_formula_variables" (
	"workspace_id" uuid NOT NULL,
	"formula_id" uuid NOT NULL,
	"variable_id" uuid NOT NULL,
	CONSTRAINT "price_formula_variables_formula_id_variable_id_pk" PRIMARY KEY("formula_id","variable_id")
);
--> statement-breakpoint
ALTER TABLE "price_formula_variables" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "price_formulas" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"short_description" text,
	"expression" text NOT NULL,
	"rounding_mode" text DEFAULT 'NONE' NOT NULL,
	"rounding_step" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "price_formulas" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "price_variables" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"short_description" text,
	"value" numeric(24, 6) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "price_variables" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "area_prices" ADD CONSTRAINT "area_prices_catalog_id_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_components" ADD CONSTRAINT "bundle_components_bundle_product_id_products_id_fk" FOREIGN KEY ("bundle_product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bundle_components" ADD CONSTRAINT "bundle_components_component_catalog_id_catalogs_id_fk" FOREIGN KEY ("component_catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_variable_values" ADD CONSTRAINT "catalog_variable_values_catalog_id_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalog_variable_values" ADD CONSTRAINT "catalog_variable_values_variable_id_price_variables_id_fk" FOREIGN KEY ("variable_id") REFERENCES "public"."price_variables"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "catalogs" ADD CONSTRAINT "catalogs_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_parent_id_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_images" ADD CONSTRAINT "product_images_catalog_id_catalogs_id_fk" FOREIGN KEY ("catalog_id") REFERENCES "public"."catalogs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_price_formula_id_price_formulas_id_fk" FOREIGN KEY ("price_formula_id") REFERENCES "public"."price_formulas"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_formula_variables" ADD CONSTRAINT "price_formula_variables_formula_id_price_formulas_id_fk" FOREIGN KEY ("formula_id") REFERENCES "public"."price_formulas"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_formula_variables" ADD CONSTRAINT "price_formula_variables_variable_id_price_variables_id_fk" FOREIGN KEY ("variable_id") REFERENCES "public"."price_variables"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "area_prices_lookup_idx" ON "area_prices" USING btree ("workspace_id","catalog_id","customer_type","area_code","effective_from");--> statement-breakpoint
CREATE UNIQUE INDEX "brands_workspace_name_key" ON "brands" USING btree ("workspace_id",lower("name"));--> statement-breakpoint
CREATE INDEX "bundle_components_component_idx" ON "bundle_components" USING btree ("component_catalog_id");--> statement-breakpoint
CREATE UNIQUE INDEX "catalogs_workspace_sku_key" ON "catalogs" USING btree ("workspace_id","sku");--> statement-breakpoint
CREATE INDEX "catalogs_product_idx" ON "catalogs" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "exports_workspace_created_idx" ON "exports" USING btree ("workspace_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "product_images_product_idx" ON "product_images" USING btree ("product_id","position");--> statement-breakpoint
CREATE INDEX "product_imports_workspace_created_idx" ON "product_imports" USING btree ("workspace_id","created_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE UNIQUE INDEX "products_workspace_slug_key" ON "products" USING btree ("workspace_id","slug");--> statement-breakpoint
CREATE INDEX "products_workspace_status_created_idx" ON "products" USING btree ("workspace_id","status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_workspace_created_idx" ON "products" USING btree ("workspace_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_workspace_name_idx" ON "products" USING btree ("workspace_id","name","id");--> statement-breakpoint
CREATE INDEX "products_workspace_updated_idx" ON "products" USING btree ("workspace_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("workspace_id","category_id");--> statement-breakpoint
CREATE INDEX "products_brand_idx" ON "products" USING btree ("workspace_id","brand_id");--> statement-breakpoint
CREATE INDEX "products_formula_idx" ON "products" USING btree ("price_formula_id");--> statement-breakpoint
CREATE INDEX "price_formula_variables_variable_idx" ON "price_formula_variables" USING btree ("variable_id");--> statement-breakpoint
CREATE UNIQUE INDEX "price_formulas_workspace_name_key" ON "price_formulas" USING btree ("workspace_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "price_variables_workspace_name_key" ON "price_variables" USING btree ("workspace_id","name");--> statement-breakpoint
CREATE INDEX "price_variables_workspace_kind_name_idx" ON "price_variables" USING btree ("workspace_id","kind","name");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "area_prices" AS PERMISSIVE FOR ALL TO "kelola_app" USING ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid) WITH CHECK ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "brands" AS PERMISSIVE FOR ALL TO "kelola_app" USING ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid) WITH CHECK ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "bundle_components" AS PERMISSIVE FOR ALL TO "kelola_app" USING ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid) WITH CHECK ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "catalog_variable_values" AS PERMISSIVE FOR ALL TO "kelola_app" USING ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid) WITH CHECK ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "catalogs" AS PERMISSIVE FOR ALL TO "kelola_app" USING ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid) WITH CHECK ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "categories" AS PERMISSIVE FOR ALL TO "kelola_app" USING ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid) WITH CHECK ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "exports" AS PERMISSIVE FOR ALL TO "kelola_app" USING ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid) WITH CHECK ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "product_images" AS PERMISSIVE FOR ALL TO "kelola_app" USING ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid) WITH CHECK ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "product_imports" AS PERMISSIVE FOR ALL TO "kelola_app" USING ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid) WITH CHECK ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "product_status_counts" AS PERMISSIVE FOR ALL TO "kelola_app" USING ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid) WITH CHECK ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "products" AS PERMISSIVE FOR ALL TO "kelola_app" USING ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid) WITH CHECK ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "price_formula_variables" AS PERMISSIVE FOR ALL TO "kelola_app" USING ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid) WITH CHECK ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "price_formulas" AS PERMISSIVE FOR ALL TO "kelola_app" USING ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid) WITH CHECK ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "price_variables" AS PERMISSIVE FOR ALL TO "kelola_app" USING ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid) WITH CHECK ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid);