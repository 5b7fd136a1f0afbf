CREATE TABLE "order_day_counts" (
	"workspace_id" uuid NOT NULL,
	"day" date NOT NULL,
	"status" text NOT NULL,
	"business_id" uuid NOT NULL,
	"channel_id" uuid NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_day_counts_workspace_id_day_status_business_id_channel_id_pk" PRIMARY KEY("workspace_id","day","status","business_id","channel_id")
);
--> statement-breakpoint
ALTER TABLE "order_day_counts" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "order_day_counts" AS PERMISSIVE FOR ALL TO "kelola_app" USING ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid) WITH CHECK ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid);--> statement-breakpoint
INSERT INTO "order_day_counts" ("workspace_id", "day", "status", "business_id", "channel_id", "count")
SELECT "workspace_id", (("order_date" AT TIME ZONE 'UTC') + interval '7 hours')::date, "status",
  coalesce("business_id", '00000000-0000-0000-0000-000000000000'), coalesce("channel_id", '00000000-0000-0000-0000-000000000000'), count(*)
FROM "orders" GROUP BY 1, 2, 3, 4, 5;
