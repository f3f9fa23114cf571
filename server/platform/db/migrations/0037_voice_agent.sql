CREATE TABLE "voice_agent_calls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_call_sid" text NOT NULL,
	"call_id" uuid,
	"phone_number_id" uuid,
	"from_number" text NOT NULL,
	"to_number" text NOT NULL,
	"answer_mode" text NOT NULL,
	"status" text NOT NULL,
	"settings" jsonb NOT NULL,
	"session_id" text,
	"connected_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"end_reason" text,
	"answers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"ai_summary" text,
	"summary" text,
	"outcome" text,
	"handoff_reason" text,
	"recording_on" boolean DEFAULT false NOT NULL,
	"recording_sid" text,
	"recording_seconds" integer,
	"transfer_to" text,
	"transfer_status" text,
	"last_error" text,
	"contact_id" uuid,
	"conversation_id" uuid,
	"lead_id" uuid,
	"follow_up_status" text DEFAULT 'pending' NOT NULL,
	"follow_up_skip_reason" text,
	"follow_up_message_id" uuid,
	"processed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voice_agent_settings" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"enabled" boolean NOT NULL,
	"answer_mode" text NOT NULL,
	"ring_seconds" integer NOT NULL,
	"hours" text NOT NULL,
	"windows" jsonb NOT NULL,
	"greeting" text NOT NULL,
	"record_calls" boolean NOT NULL,
	"recording_disclosure" text NOT NULL,
	"voice" text NOT NULL,
	"questions" jsonb,
	"emergency_words" jsonb NOT NULL,
	"on_call_number" text,
	"transfer_ring_seconds" integer NOT NULL,
	"transfer_fallback" text NOT NULL,
	"max_call_seconds" integer NOT NULL,
	"follow_ups" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "voice_agent_turns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"agent_call_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"speaker" text NOT NULL,
	"kind" text DEFAULT 'speech' NOT NULL,
	"text" text NOT NULL,
	"heard" text,
	"interrupted" boolean DEFAULT false NOT NULL,
	"latency_ms" integer,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "voice_agent_calls" ADD CONSTRAINT "voice_agent_calls_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_agent_calls" ADD CONSTRAINT "voice_agent_calls_call_id_calls_id_fk" FOREIGN KEY ("call_id") REFERENCES "public"."calls"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_agent_calls" ADD CONSTRAINT "voice_agent_calls_phone_number_id_phone_numbers_id_fk" FOREIGN KEY ("phone_number_id") REFERENCES "public"."phone_numbers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_agent_calls" ADD CONSTRAINT "voice_agent_calls_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_agent_calls" ADD CONSTRAINT "voice_agent_calls_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_agent_calls" ADD CONSTRAINT "voice_agent_calls_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_agent_calls" ADD CONSTRAINT "voice_agent_calls_follow_up_message_id_messages_id_fk" FOREIGN KEY ("follow_up_message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_agent_settings" ADD CONSTRAINT "voice_agent_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_agent_turns" ADD CONSTRAINT "voice_agent_turns_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "voice_agent_turns" ADD CONSTRAINT "voice_agent_turns_agent_call_id_voice_agent_calls_id_fk" FOREIGN KEY ("agent_call_id") REFERENCES "public"."voice_agent_calls"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "voice_agent_calls_provider_sid_key" ON "voice_agent_calls" USING btree ("provider","provider_call_sid");--> statement-breakpoint
CREATE INDEX "voice_agent_calls_company_created_idx" ON "voice_agent_calls" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "voice_agent_calls_call_idx" ON "voice_agent_calls" USING btree ("call_id");--> statement-breakpoint
CREATE UNIQUE INDEX "voice_agent_turns_call_seq_key" ON "voice_agent_turns" USING btree ("agent_call_id","seq");