ALTER TABLE "password_reset_tokens" ADD COLUMN "company_id" uuid;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "email_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "pending_plan" varchar(30);--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Accounts from before verification existed: those with a password of their own keep working as verified (pre-launch data).
UPDATE "users" SET "email_verified_at" = "created_at" WHERE "password_hash" IS NOT NULL;
