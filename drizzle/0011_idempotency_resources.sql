ALTER TABLE "idempotency_keys" ADD COLUMN "resource_type" varchar(40);--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "resource_id" text;