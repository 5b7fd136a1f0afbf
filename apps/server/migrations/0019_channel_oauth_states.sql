CREATE TABLE "channel_oauth_states" (
	"state" text PRIMARY KEY NOT NULL,
	"workspace_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"marketplace" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "channel_oauth_states" ENABLE ROW LEVEL SECURITY;--> statement-breakpoint
CREATE INDEX "channel_oauth_states_workspace_idx" ON "channel_oauth_states" USING btree ("workspace_id","expires_at");--> statement-breakpoint
CREATE POLICY "tenant_isolation" ON "channel_oauth_states" AS PERMISSIVE FOR ALL TO "kelola_app" USING ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid) WITH CHECK ("workspace_id" = nullif(current_setting('app.workspace_id', true), '')::uuid);