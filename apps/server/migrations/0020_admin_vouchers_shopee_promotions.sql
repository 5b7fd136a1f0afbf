CREATE TABLE "admin_voucher_uses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"voucher_id" uuid NOT NULL,
	"order_reference" text NOT NULL,
	"customer_reference" text NOT NULL,
	"discount" bigint NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "admin_voucher_uses" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "admin_vouchers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"channel_id" uuid,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"code_key" text NOT NULL,
	"type" text NOT NULL,
	"value_type" text NOT NULL,
	"value" numeric(16, 2) NOT NULL,
	"max_discount" bigint,
	"get_start" text NOT NULL,
	"get_end" text NOT NULL,
	"use_start" text NOT NULL,
	"use_end" text NOT NULL,
	"combinable" boolean NOT NULL,
	"quota" integer NOT NULL,
	"used" integer DEFAULT 0 NOT NULL,
	"per_customer_limit" integer NOT NULL,
	"min_transaction" bigint NOT NULL,
	"status" text NOT NULL,
	"created_by" uuid NOT NULL,
	"decided_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "admin_vouchers_used_check" CHECK ("admin_vouchers"."used" >= 0 AND "admin_vouchers"."used" <= "admin_vouchers"."quota")
);
--> statement-breakpoint
ALTER TABLE "admin_vouchers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "shopee_promotion_items" (
	"workspace_id" uuid NOT NULL,
	"promotion_id" uuid NOT NULL,
	"product_id" text NOT NULL,
	"sku_id" text NOT NULL,
	"name" text NOT NULL,
	"catalog_id" uuid,
	"original_price" bigint NOT NULL,
	"promotion_price" bigint NOT NULL,
	"promotion_stock" integer,
	"purchase_limit" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shopee_promotion_items" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "shopee_promotion_syncs" (
	"workspace_id" uuid NOT NULL,
	"connection_id" uuid PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"synced" integer DEFAULT 0 NOT NULL,
	"last_synced_at" timestamp with time zone,
	"error" text
);
--> statement-breakpoint
ALTER TABLE "shopee_promotion_syncs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "shopee_promotions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"connection_id" uuid NOT NULL,
	"discount_id" text NOT NULL,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone NOT NULL,
	"failures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"synced_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shopee_promotions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "admin_voucher_uses" ADD CONSTRAINT "admin_voucher_uses_voucher_id_admin_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."admin_vouchers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shopee_promotion_items" ADD CONSTRAINT "shopee_promotion_items_promotion_id_shopee_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."shopee_promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "admin_voucher_uses_key" ON "admin_voucher_uses" USING btree ("workspace_id","voucher_id","order_reference");--> statement-breakpoint
CREATE INDEX "admin_voucher_uses_customer_idx" ON "admin_voucher_uses" USING btree ("workspace_id","voucher_id","customer_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "admin_vouchers_code_key" ON "admin_vouchers" USING btree ("workspace_id","code_key");--> statement-breakpoint
CREATE INDEX "admin_vouchers_workspace_idx" ON "admin_vouchers" USING btree ("workspace_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "shopee_promotion_items_key" ON "shopee_promotion_items" USING btree ("promotion_id","product_id","sku_id");--> statement-breakpoint
CREATE INDEX "shopee_promotion_items_catalog_idx" ON "shopee_promotion_items" USING btree ("workspace_id","catalog_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shopee_promotions_key" ON "shopee_promotions" USING btree ("workspace_id","connection_id","discount_id");--> statement-breakpoint
CREATE INDEX "shopee_promotions_list_idx" ON "shopee_promotions" USING btree ("workspace_id","connection_id","start_time" DESC NULLS LAST);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "admin_voucher_uses" AS PERMISSIVE FOR ALL TO "kelola_app" USING ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid) WITH CHECK ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "admin_vouchers" AS PERMISSIVE FOR ALL TO "kelola_app" USING ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid) WITH CHECK ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "shopee_promotion_items" AS PERMISSIVE FOR ALL TO "kelola_app" USING ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid) WITH CHECK ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "shopee_promotion_syncs" AS PERMISSIVE FOR ALL TO "kelola_app" USING ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid) WITH CHECK ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "shopee_promotions" AS PERMISSIVE FOR ALL TO "kelola_app" USING ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid) WITH CHECK ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid);