CREATE TABLE "texting_registration_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "texting_registration_events_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"reason" text,
	"actor_user_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "texting_registrations" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"brand" jsonb NOT NULL,
	"campaign" jsonb NOT NULL,
	"website_check" jsonb,
	"reviewer" text,
	"provider_refs" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"rejection_reason" text,
	"submitted_at" timestamp with time zone,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "consent_events" ADD COLUMN "casl_basis" text;--> statement-breakpoint
ALTER TABLE "consent_events" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "texting_registration_events" ADD CONSTRAINT "texting_registration_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "texting_registration_events" ADD CONSTRAINT "texting_registration_events_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "texting_registrations" ADD CONSTRAINT "texting_registrations_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "texting_registration_events_company_idx" ON "texting_registration_events" USING btree ("company_id","created_at");