CREATE TABLE "ai_drafts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"turn_id" uuid NOT NULL,
	"body" text NOT NULL,
	"why" text NOT NULL,
	"quoted_item_ids" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by_user_id" uuid,
	"decided_at" timestamp with time zone,
	"message_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_settings" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"enabled" boolean NOT NULL,
	"assistant_name" text NOT NULL,
	"tone" text NOT NULL,
	"facts" text NOT NULL,
	"faq" jsonb NOT NULL,
	"services" jsonb NOT NULL,
	"services_not_offered" jsonb NOT NULL,
	"service_area_prefixes" jsonb NOT NULL,
	"pricing_policy" text NOT NULL,
	"reply_delay_seconds" integer NOT NULL,
	"daily_cap" integer NOT NULL,
	"approval_mode" boolean NOT NULL,
	"handoff" jsonb NOT NULL,
	"questions" jsonb NOT NULL,
	"disqualify_message" text NOT NULL,
	"schedule" jsonb NOT NULL,
	"missed_call" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "ai_turns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"lead_id" uuid,
	"action" text NOT NULL,
	"input" jsonb NOT NULL,
	"decision" jsonb,
	"reasons" jsonb NOT NULL,
	"model" text NOT NULL,
	"fallback" boolean DEFAULT false NOT NULL,
	"latency_ms" integer DEFAULT 0 NOT NULL,
	"prompt_tokens" integer,
	"completion_tokens" integer,
	"answered_through_seq" bigint NOT NULL,
	"reply_message_id" uuid,
	"draft_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" text NOT NULL,
	"min_cents" integer NOT NULL,
	"max_cents" integer NOT NULL,
	"unit" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"source_file" text,
	"source_page" integer,
	"source_line" integer,
	"source_text" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "ai_summary" text;--> statement-breakpoint
ALTER TABLE "leads" ADD COLUMN "ai_quotes" jsonb;--> statement-breakpoint
ALTER TABLE "ai_drafts" ADD CONSTRAINT "ai_drafts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_drafts" ADD CONSTRAINT "ai_drafts_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_drafts" ADD CONSTRAINT "ai_drafts_decided_by_user_id_users_id_fk" FOREIGN KEY ("decided_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_settings" ADD CONSTRAINT "ai_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_turns" ADD CONSTRAINT "ai_turns_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_turns" ADD CONSTRAINT "ai_turns_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ai_turns" ADD CONSTRAINT "ai_turns_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_items" ADD CONSTRAINT "price_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_drafts_conversation_idx" ON "ai_drafts" USING btree ("conversation_id","status");--> statement-breakpoint
CREATE INDEX "ai_turns_conversation_idx" ON "ai_turns" USING btree ("conversation_id","created_at");--> statement-breakpoint
CREATE INDEX "ai_turns_company_idx" ON "ai_turns" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "price_items_company_idx" ON "price_items" USING btree ("company_id","status");