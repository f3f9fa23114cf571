CREATE TABLE "calls" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"provider_call_sid" text NOT NULL,
	"direction" text DEFAULT 'inbound' NOT NULL,
	"from_number" text NOT NULL,
	"to_number" text NOT NULL,
	"phone_number_id" uuid,
	"routing_mode" text NOT NULL,
	"status" text DEFAULT 'ringing' NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"ring_seconds" integer,
	"talk_seconds" integer,
	"missed" boolean DEFAULT false NOT NULL,
	"missed_reason" text,
	"missed_at" timestamp with time zone,
	"forwarded_to" text,
	"contact_id" uuid,
	"conversation_id" uuid,
	"lead_id" uuid,
	"voicemail_started_at" timestamp with time zone,
	"voicemail_ended_at" timestamp with time zone,
	"recording_sid" text,
	"recording_url" text,
	"recording_seconds" integer,
	"transcript" text,
	"transcript_status" text DEFAULT 'none' NOT NULL,
	"text_back_outcome" text DEFAULT 'not_needed' NOT NULL,
	"text_back_reason" text,
	"text_back_due_at" timestamp with time zone,
	"text_back_message_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "missed_call_settings" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"routing_mode" text NOT NULL,
	"forward_to" text,
	"ring_timeout_seconds" integer NOT NULL,
	"text_back_delay_seconds" integer NOT NULL,
	"business_hours_template" text NOT NULL,
	"after_hours_template" text NOT NULL,
	"voicemail_greeting" text NOT NULL,
	"voicemail_max_seconds" integer NOT NULL,
	"transcribe_voicemail" boolean NOT NULL,
	"tailor_to_voicemail" boolean NOT NULL,
	"repeat_caller_window_hours" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "non_textable_numbers" (
	"company_id" uuid NOT NULL,
	"e164" text NOT NULL,
	"error_code" text,
	"message_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_phone_number_id_phone_numbers_id_fk" FOREIGN KEY ("phone_number_id") REFERENCES "public"."phone_numbers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "calls" ADD CONSTRAINT "calls_text_back_message_id_messages_id_fk" FOREIGN KEY ("text_back_message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "missed_call_settings" ADD CONSTRAINT "missed_call_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "non_textable_numbers" ADD CONSTRAINT "non_textable_numbers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "non_textable_numbers" ADD CONSTRAINT "non_textable_numbers_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "calls_company_provider_sid_key" ON "calls" USING btree ("company_id","provider","provider_call_sid");--> statement-breakpoint
CREATE INDEX "calls_company_started_idx" ON "calls" USING btree ("company_id","started_at");--> statement-breakpoint
CREATE INDEX "calls_company_from_idx" ON "calls" USING btree ("company_id","from_number","started_at");--> statement-breakpoint
CREATE INDEX "calls_text_back_message_idx" ON "calls" USING btree ("text_back_message_id");--> statement-breakpoint
CREATE UNIQUE INDEX "non_textable_numbers_key" ON "non_textable_numbers" USING btree ("company_id","e164");