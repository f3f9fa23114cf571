CREATE TABLE "domain_events" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"type" text NOT NULL,
	"data" jsonb NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"dispatched_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "domain_events" ADD CONSTRAINT "domain_events_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "domain_events_company_idx" ON "domain_events" USING btree ("company_id","seq");--> statement-breakpoint
CREATE INDEX "domain_events_occurred_idx" ON "domain_events" USING btree ("occurred_at");