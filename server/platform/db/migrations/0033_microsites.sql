CREATE TABLE "microsites" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"published" boolean DEFAULT false NOT NULL,
	"first_published_at" timestamp with time zone,
	"basic" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"content" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"advanced" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"custom_domain" text,
	"domain_check" jsonb,
	"domain_checked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "microsites" ADD CONSTRAINT "microsites_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "microsites_slug_key" ON "microsites" USING btree ("slug");--> statement-breakpoint
CREATE UNIQUE INDEX "microsites_custom_domain_key" ON "microsites" USING btree ("custom_domain");