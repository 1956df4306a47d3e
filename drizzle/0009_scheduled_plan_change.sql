ALTER TABLE "companies" ADD COLUMN "scheduled_plan" varchar(30);--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "scheduled_period_end" timestamp with time zone;