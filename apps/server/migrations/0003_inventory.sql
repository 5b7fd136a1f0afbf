CREATE TABLE "channel_allocations" (
	"workspace_id" uuid NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"channel_id" uuid NOT NULL,
	"mode" text NOT NULL,
	"value" integer NOT NULL,
	"buffer" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "channel_allocations_workspace_id_warehouse_id_channel_id_pk" PRIMARY KEY("workspace_id","warehouse_id","channel_id")
);
--> statement-breakpoint
ALTER TABLE "channel_allocations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "inventory_document_sequences" (
	"workspace_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"last" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "inventory_document_sequences_workspace_id_kind_pk" PRIMARY KEY("workspace_id","kind")
);
--> statement-breakpoint
ALTER TABLE "inventory_document_sequences" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "goods_receipt_lines" (
	"workspace_id" uuid NOT NULL,
	"receipt_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"catalog_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "goods_receipt_lines_receipt_id_position_pk" PRIMARY KEY("receipt_id","position")
);
--> statement-breakpoint
ALTER TABLE "goods_receipt_lines" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "goods_receipts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"number" text NOT NULL,
	"date" date NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"supplier_reference" text,
	"note" text,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"posted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "goods_receipts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "stock_adjustment_lines" (
	"workspace_id" uuid NOT NULL,
	"adjustment_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"catalog_id" uuid NOT NULL,
	"change" integer NOT NULL,
	"available_before" integer,
	CONSTRAINT "stock_adjustment_lines_adjustment_id_position_pk" PRIMARY KEY("adjustment_id","position")
);
--> statement-breakpoint
ALTER TABLE "stock_adjustment_lines" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "stock_adjustments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"number" text NOT NULL,
	"date" date NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"type" text NOT NULL,
	"note" text,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"posted_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "stock_adjustments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "stock_balances" (
	"workspace_id" uuid NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"catalog_id" uuid NOT NULL,
	"on_hand" integer DEFAULT 0 NOT NULL,
	"in_order" integer DEFAULT 0 NOT NULL,
	"allocated" integer DEFAULT 0 NOT NULL,
	"safety_stock" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_balances_workspace_id_warehouse_id_catalog_id_pk" PRIMARY KEY("workspace_id","warehouse_id","catalog_id"),
	CONSTRAINT "stock_balances_on_hand_check" CHECK ("stock_balances"."on_hand" >= 0),
	CONSTRAINT "stock_balances_in_order_check" CHECK ("stock_balances"."in_order" >= 0 and "stock_balances"."in_order" <= "stock_balances"."on_hand"),
	CONSTRAINT "stock_balances_allocated_check" CHECK ("stock_balances"."allocated" >= 0),
	CONSTRAINT "stock_balances_safety_check" CHECK ("stock_balances"."safety_stock" >= 0)
);
--> statement-breakpoint
ALTER TABLE "stock_balances" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"catalog_id" uuid NOT NULL,
	"type" text NOT NULL,
	"quantity" integer NOT NULL,
	"on_hand_delta" integer NOT NULL,
	"in_order_delta" integer NOT NULL,
	"on_hand_before" integer NOT NULL,
	"on_hand_after" integer NOT NULL,
	"in_order_before" integer NOT NULL,
	"in_order_after" integer NOT NULL,
	"reference_type" text NOT NULL,
	"reference_id" text,
	"reference_key" text NOT NULL,
	"actor_id" uuid,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "stock_movements" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "stock_operations" (
	"workspace_id" uuid NOT NULL,
	"reference_key" text NOT NULL,
	"kind" text NOT NULL,
	"reference_type" text NOT NULL,
	"reference_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_operations_workspace_id_reference_key_pk" PRIMARY KEY("workspace_id","reference_key")
);
--> statement-breakpoint
ALTER TABLE "stock_operations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "stock_sync_runs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"status" text DEFAULT 'ONPROGRESS' NOT NULL,
	"sku_count" integer DEFAULT 0 NOT NULL,
	"error" text,
	"requested_by" uuid NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "stock_sync_runs" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "goods_receipt_lines" ADD CONSTRAINT "goods_receipt_lines_receipt_id_goods_receipts_id_fk" FOREIGN KEY ("receipt_id") REFERENCES "public"."goods_receipts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_adjustment_lines" ADD CONSTRAINT "stock_adjustment_lines_adjustment_id_stock_adjustments_id_fk" FOREIGN KEY ("adjustment_id") REFERENCES "public"."stock_adjustments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "goods_receipt_lines_catalog_idx" ON "goods_receipt_lines" USING btree ("workspace_id","catalog_id");--> statement-breakpoint
CREATE UNIQUE INDEX "goods_receipts_workspace_number_key" ON "goods_receipts" USING btree ("workspace_id","number");--> statement-breakpoint
CREATE INDEX "goods_receipts_workspace_date_idx" ON "goods_receipts" USING btree ("workspace_id","date" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "stock_adjustment_lines_catalog_idx" ON "stock_adjustment_lines" USING btree ("workspace_id","catalog_id");--> statement-breakpoint
CREATE UNIQUE INDEX "stock_adjustments_workspace_number_key" ON "stock_adjustments" USING btree ("workspace_id","number");--> statement-breakpoint
CREATE INDEX "stock_adjustments_workspace_date_idx" ON "stock_adjustments" USING btree ("workspace_id","date" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "stock_balances_catalog_idx" ON "stock_balances" USING btree ("workspace_id","catalog_id");--> statement-breakpoint
CREATE INDEX "stock_movements_workspace_at_idx" ON "stock_movements" USING btree ("workspace_id","at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "stock_movements_balance_idx" ON "stock_movements" USING btree ("workspace_id","warehouse_id","catalog_id","at" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "stock_movements_reference_idx" ON "stock_movements" USING btree ("workspace_id","reference_key");--> statement-breakpoint
CREATE INDEX "stock_sync_runs_warehouse_idx" ON "stock_sync_runs" USING btree ("workspace_id","warehouse_id","started_at" DESC NULLS FIRST);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "channel_allocations" AS PERMISSIVE FOR ALL TO "kelola_app" USING ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid) WITH CHECK ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "inventory_document_sequences" AS PERMISSIVE FOR ALL TO "kelola_app" USING ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid) WITH CHECK ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "goods_receipt_lines" AS PERMISSIVE FOR ALL TO "kelola_app" USING ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid) WITH CHECK ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "goods_receipts" AS PERMISSIVE FOR ALL TO "kelola_app" USING ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid) WITH CHECK ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "stock_adjustment_lines" AS PERMISSIVE FOR ALL TO "kelola_app" USING ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid) WITH CHECK ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "stock_adjustments" AS PERMISSIVE FOR ALL TO "kelola_app" USING ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid) WITH CHECK ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "stock_balances" AS PERMISSIVE FOR ALL TO "kelola_app" USING ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid) WITH CHECK ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "stock_movements" AS PERMISSIVE FOR ALL TO "kelola_app" USING ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid) WITH CHECK ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "stock_operations" AS PERMISSIVE FOR ALL TO "kelola_app" USING ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid) WITH CHECK ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "stock_sync_runs" AS PERMISSIVE FOR ALL TO "kelola_app" USING ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid) WITH CHECK ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid);