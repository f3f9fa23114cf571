CREATE TABLE "dashboard_call_days" (
	"company_id" uuid NOT NULL,
	"day" date NOT NULL,
	"texted" boolean NOT NULL,
	"replied" boolean NOT NULL,
	"stage" text NOT NULL,
	"calls" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_call_facts" (
	"call_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"lead_id" uuid,
	"conversation_id" uuid,
	"text_back_at" timestamp with time zone,
	"texted" boolean NOT NULL,
	"replied" boolean NOT NULL,
	"stage" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_lead_days" (
	"company_id" uuid NOT NULL,
	"day" date NOT NULL,
	"source" text NOT NULL,
	"stage" text NOT NULL,
	"leads" integer NOT NULL,
	"answered" integer NOT NULL,
	"ai_handled" integer NOT NULL,
	"won_value_cents" bigint NOT NULL,
	"won_with_value" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_lead_facts" (
	"lead_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"contact_id" uuid NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"day" date NOT NULL,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"value_cents" integer,
	"first_answer_at" timestamp with time zone,
	"handled" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_response_days" (
	"company_id" uuid NOT NULL,
	"day" date NOT NULL,
	"seconds" integer NOT NULL,
	"leads" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_rollup_state" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"zone" text NOT NULL,
	"built_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dashboard_settings" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"average_job_value_cents" integer NOT NULL,
	"updated_by_user_id" uuid,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dashboard_call_days" ADD CONSTRAINT "dashboard_call_days_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_call_facts" ADD CONSTRAINT "dashboard_call_facts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_lead_days" ADD CONSTRAINT "dashboard_lead_days_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_lead_facts" ADD CONSTRAINT "dashboard_lead_facts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_response_days" ADD CONSTRAINT "dashboard_response_days_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_rollup_state" ADD CONSTRAINT "dashboard_rollup_state_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_settings" ADD CONSTRAINT "dashboard_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dashboard_settings" ADD CONSTRAINT "dashboard_settings_updated_by_user_id_users_id_fk" FOREIGN KEY ("updated_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "dashboard_call_days_key" ON "dashboard_call_days" USING btree ("company_id","day","texted","replied","stage");--> statement-breakpoint
CREATE INDEX "dashboard_call_facts_company_idx" ON "dashboard_call_facts" USING btree ("company_id","started_at");--> statement-breakpoint
CREATE INDEX "dashboard_call_facts_lead_idx" ON "dashboard_call_facts" USING btree ("lead_id");--> statement-breakpoint
CREATE INDEX "dashboard_call_facts_waiting_reply_idx" ON "dashboard_call_facts" USING btree ("conversation_id") WHERE "dashboard_call_facts"."texted" and not "dashboard_call_facts"."replied";--> statement-breakpoint
CREATE UNIQUE INDEX "dashboard_lead_days_key" ON "dashboard_lead_days" USING btree ("company_id","day","source","stage");--> statement-breakpoint
CREATE INDEX "dashboard_lead_facts_contact_idx" ON "dashboard_lead_facts" USING btree ("contact_id","created_at");--> statement-breakpoint
CREATE INDEX "dashboard_lead_facts_company_idx" ON "dashboard_lead_facts" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "dashboard_lead_facts_waiting_idx" ON "dashboard_lead_facts" USING btree ("company_id","created_at") WHERE "dashboard_lead_facts"."status" = 'new' and "dashboard_lead_facts"."handled" = 'none' and "dashboard_lead_facts"."source" <> 'manual';--> statement-breakpoint
CREATE UNIQUE INDEX "dashboard_response_days_key" ON "dashboard_response_days" USING btree ("company_id","day","seconds");--> statement-breakpoint
CREATE INDEX "conversations_unread_idx" ON "conversations" USING btree ("company_id","last_message_at") WHERE "conversations"."unread_count" > 0;--> statement-breakpoint
CREATE INDEX "leads_company_status_idx" ON "leads" USING btree ("company_id","status","updated_at");--> statement-breakpoint
CREATE INDEX "messages_failed_idx" ON "messages" USING btree ("company_id","created_at") WHERE "messages"."status" = 'failed';