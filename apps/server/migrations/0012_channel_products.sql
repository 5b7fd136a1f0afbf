CREATE TABLE "channel_product_imports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"connection_id" uuid NOT NULL,
	"status" text DEFAULT 'ONPROGRESS' NOT NULL,
	"reason" text,
	"imported" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "channel_product_imports" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "channel_product_skus" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"connection_id" uuid NOT NULL,
	"product_id" text NOT NULL,
	"sku_id" text NOT NULL,
	"seller_sku" text DEFAULT '' NOT NULL,
	"price" bigint DEFAULT 0 NOT NULL,
	"stock" integer DEFAULT 0 NOT NULL,
	"catalog_id" uuid,
	"mapping" text DEFAULT 'UNCONFIRMED' NOT NULL,
	"mapped_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "channel_product_skus" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "channel_products" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"connection_id" uuid NOT NULL,
	"product_id" text NOT NULL,
	"name" text NOT NULL,
	"status" text NOT NULL,
	"category_id" text,
	"images" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"imported_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "channel_products" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "channel_push_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"catalog_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"connection_id" uuid,
	"reason" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "channel_push_requests" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE TABLE "channel_push_states" (
	"workspace_id" uuid NOT NULL,
	"connection_id" uuid NOT NULL,
	"catalog_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"wanted_version" bigint DEFAULT 1 NOT NULL,
	"pushed_version" bigint DEFAULT 0 NOT NULL,
	"wanted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_until" timestamp with time zone,
	"last_value" bigint,
	"last_explanation" jsonb,
	"last_pushed_at" timestamp with time zone,
	"push_count" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"reason" text DEFAULT 'movement' NOT NULL,
	CONSTRAINT "channel_push_states_workspace_id_connection_id_catalog_id_kind_pk" PRIMARY KEY("workspace_id","connection_id","catalog_id","kind")
);
--> statement-breakpoint
ALTER TABLE "channel_push_states" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
ALTER TABLE "channel_product_imports" ADD CONSTRAINT "channel_product_imports_connection_id_channel_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."channel_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_product_skus" ADD CONSTRAINT "channel_product_skus_connection_id_channel_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."channel_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_products" ADD CONSTRAINT "channel_products_connection_id_channel_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."channel_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "channel_push_states" ADD CONSTRAINT "channel_push_states_connection_id_channel_connections_id_fk" FOREIGN KEY ("connection_id") REFERENCES "public"."channel_connections"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "channel_product_imports_connection_idx" ON "channel_product_imports" USING btree ("workspace_id","connection_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "channel_product_skus_key" ON "channel_product_skus" USING btree ("workspace_id","connection_id","product_id","sku_id");--> statement-breakpoint
CREATE INDEX "channel_product_skus_catalog_idx" ON "channel_product_skus" USING btree ("workspace_id","catalog_id") WHERE mapping = 'CONFIRMED';--> statement-breakpoint
CREATE UNIQUE INDEX "channel_products_key" ON "channel_products" USING btree ("workspace_id","connection_id","product_id");--> statement-breakpoint
CREATE INDEX "channel_push_requests_workspace_idx" ON "channel_push_requests" USING btree ("workspace_id","id");--> statement-breakpoint
CREATE INDEX "channel_push_states_due_idx" ON "channel_push_states" USING btree ("workspace_id","connection_id","kind","wanted_at") WHERE wanted_version > pushed_version;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "channel_product_imports" AS PERMISSIVE FOR ALL TO "kelola_app" USING ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid) WITH CHECK ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "channel_product_skus" AS PERMISSIVE FOR ALL TO "kelola_app" USING ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid) WITH CHECK ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "channel_products" AS PERMISSIVE FOR ALL TO "kelola_app" USING ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid) WITH CHECK ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "channel_push_requests" AS PERMISSIVE FOR ALL TO "kelola_app" USING ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid) WITH CHECK ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid);--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "channel_push_states" AS PERMISSIVE FOR ALL TO "kelola_app" USING ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid) WITH CHECK ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid);