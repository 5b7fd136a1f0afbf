CREATE TABLE "customer_categories" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customer_categories" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"code" text NOT NULL,
	"name" text NOT NULL,
	"category_id" uuid,
	"phone" text,
	"email" text,
	"address" text,
	"province_code" text,
	"city_code" text,
	"district_code" text,
	"subdistrict_code" text,
	"postal_code" text,
	"tax_id" text,
	"credit_limit" bigint DEFAULT 0 NOT NULL,
	"transaction_limit" bigint DEFAULT 0 NOT NULL,
	"payment_limit_days" integer DEFAULT 0 NOT NULL,
	"shop_code" text,
	"sales_code" text,
	"store_type" text,
	"coin_usage" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "customers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "order_counts" (
	"workspace_id" uuid NOT NULL,
	"business_id" uuid NOT NULL,
	"channel_id" uuid NOT NULL,
	"status" text NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_counts_workspace_id_business_id_channel_id_status_pk" PRIMARY KEY("workspace_id","business_id","channel_id","status")
);
--> statement-breakpoint
ALTER TABLE "order_counts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"catalog_id" uuid,
	"sku" text,
	"marketplace_sku" text,
	"marketplace_item_id" text,
	"name" text NOT NULL,
	"options" text,
	"quantity" integer NOT NULL,
	"unit_price" bigint DEFAULT 0 NOT NULL,
	"discount" bigint DEFAULT 0 NOT NULL,
	"unit_cost" bigint,
	"price_source" text,
	"unmapped" boolean DEFAULT false NOT NULL,
	"stock_state" text DEFAULT 'NONE' NOT NULL,
	"reserved_quantity" integer DEFAULT 0 NOT NULL,
	"short_quantity" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_lines" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "order_sequences" (
	"workspace_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"last" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_sequences_workspace_id_kind_pk" PRIMARY KEY("workspace_id","kind")
);
--> statement-breakpoint
ALTER TABLE "order_sequences" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "order_syncs" (
	"workspace_id" uuid NOT NULL,
	"channel_id" uuid NOT NULL,
	"status" text NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	"orders_seen" integer DEFAULT 0 NOT NULL,
	"error" text,
	CONSTRAINT "order_syncs_workspace_id_channel_id_pk" PRIMARY KEY("workspace_id","channel_id")
);
--> statement-breakpoint
ALTER TABLE "order_syncs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "order_timeline" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor_type" text NOT NULL,
	"actor_id" text,
	"event" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"note" text
);
--> statement-breakpoint
ALTER TABLE "order_timeline" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"business_id" uuid,
	"source" text NOT NULL,
	"channel_id" uuid,
	"marketplace" text,
	"external_id" text,
	"order_number" text NOT NULL,
	"status" text NOT NULL,
	"resume_status" text,
	"marketplace_status" text,
	"marketplace_updated_at" timestamp with time zone,
	"order_date" timestamp with time zone NOT NULL,
	"warehouse_id" uuid,
	"customer_id" uuid,
	"buyer_name" text,
	"buyer_phone" text,
	"buyer_email" text,
	"ship_name" text,
	"ship_phone" text,
	"ship_address" text,
	"province_code" text,
	"city_code" text,
	"district_code" text,
	"subdistrict_code" text,
	"postal_code" text,
	"ship_city" text,
	"shipping_id" text,
	"service_type" text,
	"courier_name" text,
	"courier_service" text,
	"receipt_number" text,
	"pickup_address" text,
	"dropshipper" boolean DEFAULT false NOT NULL,
	"dropshipper_name" text,
	"dropshipper_phone" text,
	"payment_status" text DEFAULT 'UNPAID' NOT NULL,
	"payment_method" text,
	"notes" text,
	"cancel_reason" text,
	"total_item" integer DEFAULT 0 NOT NULL,
	"subtotal" bigint DEFAULT 0 NOT NULL,
	"seller_discount" bigint DEFAULT 0 NOT NULL,
	"marketplace_discount" bigint DEFAULT 0 NOT NULL,
	"voucher" bigint DEFAULT 0 NOT NULL,
	"deposit" bigint DEFAULT 0 NOT NULL,
	"loyalty" bigint DEFAULT 0 NOT NULL,
	"shipping_fee_buyer" bigint DEFAULT 0 NOT NULL,
	"shipping_fee_seller" bigint DEFAULT 0 NOT NULL,
	"admin_fee" bigint DEFAULT 0 NOT NULL,
	"buyer_total" bigint DEFAULT 0 NOT NULL,
	"merchant_net" bigint DEFAULT 0 NOT NULL,
	"cost" bigint DEFAULT 0 NOT NULL,
	"cost_complete" boolean DEFAULT true NOT NULL,
	"stock_short" boolean DEFAULT false NOT NULL,
	"has_unmapped" boolean DEFAULT false NOT NULL,
	"marketplace_action" text,
	"marketplace_action_state" text,
	"marketplace_action_message" text,
	"marketplace_action_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_category_id_customer_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."customer_categories"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_timeline" ADD CONSTRAINT "order_timeline_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "customer_categories_name_key" ON "customer_categories" USING btree ("workspace_id","name");--> statement-breakpoint
CREATE UNIQUE INDEX "customers_code_key" ON "customers" USING btree ("workspace_id","code");--> statement-breakpoint
CREATE INDEX "customers_name_idx" ON "customers" USING btree ("workspace_id","name");--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("workspace_id","order_id","position");--> statement-breakpoint
CREATE INDEX "order_lines_sku_idx" ON "order_lines" USING btree ("workspace_id","sku");--> statement-breakpoint
CREATE INDEX "order_timeline_order_idx" ON "order_timeline" USING btree ("workspace_id","order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_channel_external_key" ON "orders" USING btree ("workspace_id","channel_id","external_id") WHERE external_id is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "orders_manual_number_key" ON "orders" USING btree ("workspace_id","order_number") WHERE source = 'MANUAL';--> statement-breakpoint
CREATE INDEX "orders_workspace_date_idx" ON "orders" USING btree ("workspace_id","order_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_workspace_status_date_idx" ON "orders" USING btree ("workspace_id","status","order_date" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_workspace_channel_date_idx" ON "orders" USING btree ("workspace_id","channel_id","order_date" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "orders_workspace_number_idx" ON "orders" USING btree ("workspace_id","order_number");--> statement-breakpoint
CREATE INDEX "orders_workspace_receipt_idx" ON "orders" USING btree ("workspace_id","receipt_number");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "customer_categories" AS PERMISSIVE FOR ALL TO "kelola_app" USING ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid) WITH CHECK ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "customers" AS PERMISSIVE FOR ALL TO "kelola_app" USING ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid) WITH CHECK ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "order_counts" AS PERMISSIVE FOR ALL TO "kelola_app" USING ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid) WITH CHECK ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "order_lines" AS PERMISSIVE FOR ALL TO "kelola_app" USING ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid) WITH CHECK ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "order_sequences" AS PERMISSIVE FOR ALL TO "kelola_app" USING ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid) WITH CHECK ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "order_syncs" AS PERMISSIVE FOR ALL TO "kelola_app" USING ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid) WITH CHECK ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "order_timeline" AS PERMISSIVE FOR ALL TO "kelola_app" USING ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid) WITH CHECK ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "orders" AS PERMISSIVE FOR ALL TO "kelola_app" USING ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid) WITH CHECK ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid);