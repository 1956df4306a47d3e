DROP INDEX "expenses_company_date_idx";--> statement-breakpoint
CREATE INDEX "expenses_company_date_number_idx" ON "expenses" USING btree ("company_id","date","expense_number");