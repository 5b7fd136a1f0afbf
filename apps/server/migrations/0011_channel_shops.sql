CREATE TABLE "channel_failed_calls" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"connection_id" uuid NOT NULL,
	"operation" text NOT NULL,
	"input" jsonb NOT NULL,
	"ref" jsonb,
	"attempts" integer DEFAULT 1 NOT NULL,
	"error_code" text,
	"error_message" text NOT NULL,
	"failed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retried_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "channel_failed_calls" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "channel_shop_settings" (
	"connection_id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"main_warehouse_id" uuid,
	"arrange_shipment" text DEFAULT 'pickup' NOT NULL,
	"auto_confirm" boolean DEFAULT false NOT NULL,
	"client_id" text,
	"confirmed_at" timestamp with time zone,
	"confirmed_by" uuid,
	"status_reason" text,
	"status_message" text,
	"status_changed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "channel_shop_settings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "channel_warehouse_mappings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"connection_id" uuid NOT NULL,
	"marketplace_warehouse_id" text NOT NULL,
	"marketplace_warehouse_name" text NOT NULL,
	"warehouse_id" uuid NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "channel_warehouse_mappings" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "channel_failed_calls" ADD CONSTRAINT "channel_failed_calls_connection_id_channel_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."channel_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_shop_settings" ADD CONSTRAINT "channel_shop_settings_connection_id_channel_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."channel_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_warehouse_mappings" ADD CONSTRAINT "channel_warehouse_mappings_connection_id_channel_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."channel_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "channel_failed_calls_connection_idx" ON "channel_failed_calls" USING btree ("workspace_id","connection_id","id");--> statement-breakpoint
CREATE INDEX "channel_shop_settings_workspace_idx" ON "channel_shop_settings" USING btree ("workspace_id");--> statement-breakpoint
CREATE UNIQUE INDEX "channel_warehouse_mappings_key" ON "channel_warehouse_mappings" USING btree ("workspace_id","connection_id","marketplace_warehouse_id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "channel_failed_calls" AS PERMISSIVE FOR ALL TO "kelola_app" USING ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid) WITH CHECK ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "channel_shop_settings" AS PERMISSIVE FOR ALL TO "kelola_app" USING ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid) WITH CHECK ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "channel_warehouse_mappings" AS PERMISSIVE FOR ALL TO "kelola_app" USING ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid) WITH CHECK ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid);