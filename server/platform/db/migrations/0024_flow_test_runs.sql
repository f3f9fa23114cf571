ALTER TABLE "flow_runs" ADD COLUMN "test" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "flow_versions" ADD COLUMN "sandbox" boolean DEFAULT false NOT NULL;