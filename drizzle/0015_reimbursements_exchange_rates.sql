CREATE TABLE "exchange_rates" (
	"currency" varchar(3) NOT NULL,
	"date" date NOT NULL,
	"rate" numeric(14, 6) NOT NULL,
	"rate_date" date NOT NULL,
	"source" varchar(20) NOT NULL,
	"fetched_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_currency_date_pk" PRIMARY KEY("currency","date")
);
--> statement-breakpoint
CREATE TABLE "bank_accounts" (
	"user_id" uuid PRIMARY KEY NOT NULL,
	"holder_rut" varchar(12) NOT NULL,
	"bank" varchar(40) NOT NULL,
	"account_type" varchar(20) NOT NULL,
	"account_number_enc" text NOT NULL,
	"account_last4" varchar(4) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payout_batches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"batch_number" integer NOT NULL,
	"status" varchar(20) DEFAULT 'open' NOT NULL,
	"total_clp" bigint NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"paid_by" uuid
);
--> statement-breakpoint
CREATE TABLE "payout_items" (
	"batch_id" uuid NOT NULL,
	"expense_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"amount_clp" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "reimbursable" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "exchange_rate_source" varchar(20);--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "exchange_rate_date" date;--> statement-breakpoint
ALTER TABLE "bank_accounts" ADD CONSTRAINT "bank_accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_paid_by_users_id_fk" FOREIGN KEY ("paid_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_items" ADD CONSTRAINT "payout_items_batch_id_payout_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."payout_batches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_items" ADD CONSTRAINT "payout_items_expense_id_expenses_id_fk" FOREIGN KEY ("expense_id") REFERENCES "public"."expenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_items" ADD CONSTRAINT "payout_items_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payout_items" ADD CONSTRAINT "payout_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "payout_batches_company_number_uq" ON "payout_batches" USING btree ("company_id","batch_number");--> statement-breakpoint
CREATE INDEX "payout_batches_company_created_idx" ON "payout_batches" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payout_items_expense_uq" ON "payout_items" USING btree ("expense_id");--> statement-breakpoint
CREATE INDEX "payout_items_batch_idx" ON "payout_items" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "payout_items_company_user_idx" ON "payout_items" USING btree ("company_id","user_id");--> statement-breakpoint
-- hand-written (keep when regenerating)
-- Cash is the employee's own money: existing companies' 'Efectivo' (however written) becomes reimbursable.
UPDATE "payment_methods" SET "reimbursable" = true WHERE lower(translate(btrim("name"), 'ÁÉÍÓÚáéíóú', 'AEIOUaeiou')) IN ('efectivo', 'tarjeta personal');
--> statement-breakpoint
-- The change feed (0013): the expense list shows each expense's reimbursement state ('Por reembolsar', 'En nómina de
-- pago', 'Reembolsado'), read from the payout tables, so their writes change the company's pages.
CREATE TRIGGER payout_batches_notify_insert AFTER INSERT ON payout_batches REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rendix_notify_company_rows();
--> statement-breakpoint
CREATE TRIGGER payout_batches_notify_update AFTER UPDATE ON payout_batches REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rendix_notify_company_rows();
--> statement-breakpoint
CREATE TRIGGER payout_batches_notify_delete AFTER DELETE ON payout_batches REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION rendix_notify_company_rows();
--> statement-breakpoint
CREATE TRIGGER payout_items_notify_insert AFTER INSERT ON payout_items REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rendix_notify_company_rows();
--> statement-breakpoint
CREATE TRIGGER payout_items_notify_update AFTER UPDATE ON payout_items REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rendix_notify_company_rows();
--> statement-breakpoint
CREATE TRIGGER payout_items_notify_delete AFTER DELETE ON payout_items REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION rendix_notify_company_rows();
