ALTER TABLE "conversations" ALTER COLUMN "mode" SET DEFAULT 'human';--> statement-breakpoint
-- No AI assistant exists yet (decision 0017): every thread it was said to answer is in the staff's hands.
UPDATE "conversations" SET "mode" = 'human' WHERE "mode" = 'ai';
