CREATE TABLE "email_gateways" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"rotated_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "inbound_emails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"channel" text NOT NULL,
	"message_id" text NOT NULL,
	"recipient" text NOT NULL,
	"mail_from" text NOT NULL,
	"from_header" text,
	"subject" text,
	"size_bytes" integer NOT NULL,
	"raw" "bytea" NOT NULL,
	"spf" text,
	"dkim" text,
	"status" text DEFAULT 'received' NOT NULL,
	"parser" text,
	"extracted" jsonb,
	"note" text,
	"lead_id" uuid,
	"contact_id" uuid,
	"text_back_message_id" uuid,
	"received_at" timestamp with time zone NOT NULL,
	"processed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "email_gateways" ADD CONSTRAINT "email_gateways_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_emails" ADD CONSTRAINT "inbound_emails_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_emails" ADD CONSTRAINT "inbound_emails_lead_id_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_emails" ADD CONSTRAINT "inbound_emails_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inbound_emails" ADD CONSTRAINT "inbound_emails_text_back_message_id_messages_id_fk" FOREIGN KEY ("text_back_message_id") REFERENCES "public"."messages"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "email_gateways_token_key" ON "email_gateways" USING btree ("token");--> statement-breakpoint
CREATE UNIQUE INDEX "inbound_emails_message_key" ON "inbound_emails" USING btree ("company_id","message_id");--> statement-breakpoint
CREATE INDEX "inbound_emails_company_received_idx" ON "inbound_emails" USING btree ("company_id","received_at","id");