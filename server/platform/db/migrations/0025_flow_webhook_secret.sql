ALTER TABLE "flows" ADD COLUMN "webhook_secret" text;--> statement-breakpoint
ALTER TABLE "flows" ADD COLUMN "webhook_secret_at" timestamp with time zone;