CREATE TABLE "order_fulfillments" (
	"workspace_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"step" text NOT NULL,
	"delivery_note_number" text,
	"ship_method" text,
	"shipment_state" text,
	"shipment_message" text,
	"picked_at" timestamp with time zone,
	"picked_by" uuid,
	"packed_at" timestamp with time zone,
	"packed_by" uuid,
	"packing_completed_at" timestamp with time zone,
	"packing_completed_by" uuid,
	"goods_issued_at" timestamp with time zone,
	"goods_issued_by" uuid,
	"shipped_at" timestamp with time zone,
	"shipped_by" uuid,
	"warehouse_moves" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "order_fulfillments_workspace_id_order_id_pk" PRIMARY KEY("workspace_id","order_id")
);
--> statement-breakpoint
ALTER TABLE "order_fulfillments" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE INDEX "order_fulfillments_step_idx" ON "order_fulfillments" USING btree ("workspace_id","step");--> statement-breakpoint
CREATE INDEX "order_fulfillments_note_idx" ON "order_fulfillments" USING btree ("workspace_id","delivery_note_number");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "order_fulfillments" AS PERMISSIVE FOR ALL TO "kelola_app" USING ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid) WITH CHECK ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid);