ALTER TABLE "expenses" ADD COLUMN "receipt_sha256" varchar(64);--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "document_key" varchar(120);--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "receipt_timbre" jsonb;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "receipt_flags" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "expenses_company_receipt_sha_idx" ON "expenses" USING btree ("company_id","receipt_sha256");--> statement-breakpoint
CREATE INDEX "expenses_company_document_key_idx" ON "expenses" USING btree ("company_id","document_key");