CREATE TABLE "channel_calls" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"connection_id" uuid NOT NULL,
	"operation" text NOT NULL,
	"outcome" text NOT NULL,
	"attempt" integer DEFAULT 1 NOT NULL,
	"request_id" text,
	"http_status" integer,
	"error_kind" text,
	"error_code" text,
	"error_message" text,
	"duration_ms" integer NOT NULL,
	"retry_at" timestamp with time zone,
	"job_id" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "channel_calls" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "channel_connections" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"business_id" uuid,
	"marketplace" text NOT NULL,
	"shop_id" text NOT NULL,
	"name" text NOT NULL,
	"region" text,
	"status" text DEFAULT 'CONNECTED' NOT NULL,
	"shop_cipher" text,
	"main_account_id" text,
	"username" text,
	"signature_key" text,
	"access_token" text NOT NULL,
	"refresh_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"next_call_at" timestamp with time zone,
	"reconciled_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "channel_connections" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "channel_inbox" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"connection_id" uuid NOT NULL,
	"marketplace" text NOT NULL,
	"event_id" text NOT NULL,
	"source" text NOT NULL,
	"type" text NOT NULL,
	"order_id" text,
	"raw_status" text,
	"status" text,
	"payload" jsonb NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "channel_inbox" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "channel_reconciliations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"connection_id" uuid NOT NULL,
	"window_from" timestamp with time zone NOT NULL,
	"window_to" timestamp with time zone NOT NULL,
	"orders_seen" integer DEFAULT 0 NOT NULL,
	"events_recovered" integer DEFAULT 0 NOT NULL,
	"outcome" text NOT NULL,
	"error" text,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "channel_reconciliations" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "channel_calls" ADD CONSTRAINT "channel_calls_connection_id_channel_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."channel_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_inbox" ADD CONSTRAINT "channel_inbox_connection_id_channel_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."channel_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_reconciliations" ADD CONSTRAINT "channel_reconciliations_connection_id_channel_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."channel_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "channel_calls_connection_idx" ON "channel_calls" USING btree ("workspace_id","connection_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "channel_connections_workspace_shop_key" ON "channel_connections" USING btree ("workspace_id","marketplace","shop_id");--> statement-breakpoint
CREATE INDEX "channel_connections_marketplace_shop_idx" ON "channel_connections" USING btree ("marketplace","shop_id");--> statement-breakpoint
CREATE UNIQUE INDEX "channel_inbox_event_key" ON "channel_inbox" USING btree ("workspace_id","marketplace","event_id");--> statement-breakpoint
CREATE INDEX "channel_inbox_connection_order_idx" ON "channel_inbox" USING btree ("workspace_id","connection_id","order_id");--> statement-breakpoint
CREATE INDEX "channel_inbox_unprocessed_idx" ON "channel_inbox" USING btree ("workspace_id","received_at") WHERE processed_at is null;--> statement-breakpoint
CREATE INDEX "channel_reconciliations_connection_idx" ON "channel_reconciliations" USING btree ("workspace_id","connection_id","id");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "channel_calls" AS PERMISSIVE FOR ALL TO "kelola_app" USING ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid) WITH CHECK ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "channel_connections" AS PERMISSIVE FOR ALL TO "kelola_app" USING ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid) WITH CHECK ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "channel_inbox" AS PERMISSIVE FOR ALL TO "kelola_app" USING ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid) WITH CHECK ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "channel_reconciliations" AS PERMISSIVE FOR ALL TO "kelola_app" USING ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid) WITH CHECK ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid);