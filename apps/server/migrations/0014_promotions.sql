CREATE TABLE "discount_program_history" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"program_id" uuid NOT NULL,
	"actor_id" uuid,
	"event" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"note" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "discount_program_history" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "discount_program_items" (
	"workspace_id" uuid NOT NULL,
	"program_id" uuid NOT NULL,
	"catalog_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"cost_price" bigint
);
--> statement-breakpoint
ALTER TABLE "discount_program_items" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "discount_programs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"program_name" text NOT NULL,
	"tier" text NOT NULL,
	"channel_id" uuid,
	"start_date" text NOT NULL,
	"end_date" text NOT NULL,
	"quota" integer,
	"quota_used" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"inactive_reason" text,
	"target" jsonb NOT NULL,
	"type" text,
	"format" text NOT NULL,
	"value" numeric(16, 2) NOT NULL,
	"criteria_mode" text NOT NULL,
	"criteria" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"min_quantity" integer,
	"max_quantity" integer,
	"min_transaction" bigint,
	"max_transaction" bigint,
	"max_discount" bigint,
	"coin_value" bigint,
	"exclusive" boolean DEFAULT false NOT NULL,
	"marketplace_fee_percent" numeric(5, 2),
	"created_by" uuid NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"decision_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "discount_programs_quota_check" CHECK ("discount_programs"."quota" IS NULL OR ("discount_programs"."quota_used" >= 0 AND "discount_programs"."quota_used" <= "discount_programs"."quota"))
);
--> statement-breakpoint
ALTER TABLE "discount_programs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "discount_uses" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"program_id" uuid NOT NULL,
	"catalog_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"reference" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "discount_uses" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "voucher_redemptions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"voucher_id" uuid NOT NULL,
	"order_reference" text NOT NULL,
	"customer_reference" text,
	"discount" bigint NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "web_vouchers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"channel_id" uuid NOT NULL,
	"voucher_code" text NOT NULL,
	"code_key" text NOT NULL,
	"type_id" integer NOT NULL,
	"value" numeric(16, 2) NOT NULL,
	"value_type" text NOT NULL,
	"min_transaction" bigint NOT NULL,
	"max_discount" bigint NOT NULL,
	"valid_from" bigint NOT NULL,
	"valid_until" bigint NOT NULL,
	"combined" boolean NOT NULL,
	"all_store" boolean NOT NULL,
	"store_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"qty" integer NOT NULL,
	"booked" integer DEFAULT 0 NOT NULL,
	"reference_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"courier_list" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "web_vouchers_booked_check" CHECK ("web_vouchers"."booked" >= 0 AND "web_vouchers"."booked" <= "web_vouchers"."qty")
);
--> statement-breakpoint
ALTER TABLE "web_vouchers" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "discount_program_history" ADD CONSTRAINT "discount_program_history_program_id_discount_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."discount_programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_program_items" ADD CONSTRAINT "discount_program_items_program_id_discount_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."discount_programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "discount_uses" ADD CONSTRAINT "discount_uses_program_id_discount_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."discount_programs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voucher_redemptions" ADD CONSTRAINT "voucher_redemptions_voucher_id_web_vouchers_id_fk" FOREIGN KEY ("voucher_id") REFERENCES "public"."web_vouchers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "discount_program_history_idx" ON "discount_program_history" USING btree ("workspace_id","program_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "discount_program_items_key" ON "discount_program_items" USING btree ("program_id","catalog_id");--> statement-breakpoint
CREATE INDEX "discount_program_items_sku_idx" ON "discount_program_items" USING btree ("workspace_id","catalog_id");--> statement-breakpoint
CREATE INDEX "discount_programs_workspace_idx" ON "discount_programs" USING btree ("workspace_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "discount_programs_active_idx" ON "discount_programs" USING btree ("workspace_id","status","start_date","end_date");--> statement-breakpoint
CREATE INDEX "discount_uses_program_idx" ON "discount_uses" USING btree ("workspace_id","program_id");--> statement-breakpoint
CREATE UNIQUE INDEX "voucher_redemptions_key" ON "voucher_redemptions" USING btree ("workspace_id","voucher_id","order_reference");--> statement-breakpoint
CREATE UNIQUE INDEX "web_vouchers_code_key" ON "web_vouchers" USING btree ("workspace_id","code_key");--> statement-breakpoint
CREATE INDEX "web_vouchers_channel_idx" ON "web_vouchers" USING btree ("workspace_id","channel_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "discount_program_history" AS PERMISSIVE FOR ALL TO "kelola_app" USING ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid) WITH CHECK ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "discount_program_items" AS PERMISSIVE FOR ALL TO "kelola_app" USING ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid) WITH CHECK ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "discount_programs" AS PERMISSIVE FOR ALL TO "kelola_app" USING ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid) WITH CHECK ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "discount_uses" AS PERMISSIVE FOR ALL TO "kelola_app" USING ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid) WITH CHECK ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "voucher_redemptions" AS PERMISSIVE FOR ALL TO "kelola_app" USING ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid) WITH CHECK ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "web_vouchers" AS PERMISSIVE FOR ALL TO "kelola_app" USING ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid) WITH CHECK ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid);