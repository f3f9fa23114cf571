DROP INDEX "conversations_contact_number_key";--> statement-breakpoint
ALTER TABLE "contacts" ADD COLUMN "other_phones" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "conversations" ADD COLUMN "peer_phone" text;--> statement-breakpoint
UPDATE "conversations" SET "peer_phone" = "contacts"."phone" FROM "contacts" WHERE "contacts"."id" = "conversations"."contact_id";--> statement-breakpoint
ALTER TABLE "conversations" ALTER COLUMN "peer_phone" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_contact_number_key" ON "conversations" USING btree ("company_id","contact_id","phone_number_id","peer_phone");
