ALTER TABLE "product_imports" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "product_imports" ADD COLUMN "failures" jsonb DEFAULT '[]'::jsonb NOT NULL;