CREATE TABLE "review_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"request_id" uuid NOT NULL,
	"code" text NOT NULL,
	"link_id" text NOT NULL,
	"site" text NOT NULL,
	"url" text NOT NULL,
	"clicks" integer DEFAULT 0 NOT NULL,
	"first_clicked_at" timestamp with time zone,
	"last_clicked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"lead_id" uuid,
	"conversation_id" uuid,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"skip_reason" text,
	"send_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"message_id" uuid,
	"reminder_at" timestamp with time zone,
	"reminded_at" timestamp with time zone,
	"reminder_message_id" uuid,
	"reminder_skip_reason" text,
	"unhappy_at" timestamp with time zone,
	"unhappy_message_id" uuid,
	"created_by_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "review_settings" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"links" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"primary_link_id" text,
	"template" text NOT NULL,
	"automatic" boolean DEFAULT true NOT NULL,
	"delay_minutes" integer DEFAULT 120 NOT NULL,
	"reminder" boolean DEFAULT true NOT NULL,
	"reminder_after_days" integer DEFAULT 3 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "review_links" ADD CONSTRAINT "review_links_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_links" ADD CONSTRAINT "review_links_request_id_review_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."review_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_requests" ADD CONSTRAINT "review_requests_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_requests" ADD CONSTRAINT "review_requests_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_requests" ADD CONSTRAINT "review_requests_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_requests" ADD CONSTRAINT "review_requests_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_requests" ADD CONSTRAINT "review_requests_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_requests" ADD CONSTRAINT "review_requests_reminder_message_id_messages_id_fk" FOREIGN KEY ("reminder_message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_requests" ADD CONSTRAINT "review_requests_unhappy_message_id_messages_id_fk" FOREIGN KEY ("unhappy_message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_requests" ADD CONSTRAINT "review_requests_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_settings" ADD CONSTRAINT "review_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "review_links_code_key" ON "review_links" USING btree ("code");--> statement-breakpoint
CREATE INDEX "review_links_request_idx" ON "review_links" USING btree ("request_id");--> statement-breakpoint
CREATE INDEX "review_links_company_clicked_idx" ON "review_links" USING btree ("company_id","first_clicked_at");--> statement-breakpoint
CREATE INDEX "review_requests_company_created_idx" ON "review_requests" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "review_requests_company_sent_idx" ON "review_requests" USING btree ("company_id","sent_at");--> statement-breakpoint
CREATE INDEX "review_requests_contact_idx" ON "review_requests" USING btree ("contact_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "review_requests_lead_automatic_key" ON "review_requests" USING btree ("lead_id") WHERE "review_requests"."source" = 'automatic';