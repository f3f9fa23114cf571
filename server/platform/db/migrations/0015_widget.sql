CREATE TABLE "widget_settings" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"public_key" text NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"enabled" boolean NOT NULL,
	"allowed_domains" jsonb NOT NULL,
	"greeting" text NOT NULL,
	"appearance" jsonb NOT NULL,
	"form_fields" jsonb NOT NULL,
	"consent_text" text NOT NULL,
	"first_text_template" text NOT NULL,
	"popup" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "widget_visitor_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"conversation_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consent_events" ADD COLUMN "checked" boolean;--> statement-breakpoint
ALTER TABLE "widget_settings" ADD CONSTRAINT "widget_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widget_visitor_tokens" ADD CONSTRAINT "widget_visitor_tokens_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widget_visitor_tokens" ADD CONSTRAINT "widget_visitor_tokens_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "widget_visitor_tokens" ADD CONSTRAINT "widget_visitor_tokens_contact_id_contacts_id_fk" FOREIGN KEY ("contact_id") REFERENCES "public"."contacts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "widget_settings_public_key" ON "widget_settings" USING btree ("public_key");--> statement-breakpoint
CREATE UNIQUE INDEX "widget_visitor_tokens_hash" ON "widget_visitor_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "widget_visitor_tokens_conversation_idx" ON "widget_visitor_tokens" USING btree ("conversation_id");