ALTER TABLE "auth_challenges" ADD COLUMN "flow_hash" text;--> statement-breakpoint
ALTER TABLE "auth_challenges" ADD COLUMN "pending_password_hash" text;--> statement-breakpoint
ALTER TABLE "auth_challenges" ADD COLUMN "pending_first_name" text;--> statement-breakpoint
ALTER TABLE "auth_challenges" ADD COLUMN "pending_last_name" text;