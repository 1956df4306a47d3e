CREATE TABLE "niudata_sandbox_vouchers" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "niudata_sandbox_vouchers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1),
	"token_hash" varchar(64) NOT NULL,
	"idempotency_key" varchar(200) NOT NULL,
	"payload" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "niudata_settings" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"token_encrypted" text,
	"token_last4" varchar(4),
	"payable_account" varchar(100) NOT NULL,
	"iva_account" varchar(100),
	"auto_sync" boolean DEFAULT false NOT NULL,
	"configured_at" timestamp with time zone,
	"configured_by" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "niudata_sync_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"expense_id" uuid,
	"expense_number" integer NOT NULL,
	"status" varchar(20) DEFAULT 'pending' NOT NULL,
	"sync_type" varchar(20) NOT NULL,
	"voucher_id" varchar(100),
	"voucher_url" text,
	"error_message" text,
	"attempt_count" integer DEFAULT 0 NOT NULL,
	"voucher_data" jsonb,
	"next_attempt_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "sync_voucher_id" varchar(100);--> statement-breakpoint
ALTER TABLE "niudata_settings" ADD CONSTRAINT "niudata_settings_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "niudata_settings" ADD CONSTRAINT "niudata_settings_configured_by_users_id_fk" FOREIGN KEY ("configured_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "niudata_sync_history" ADD CONSTRAINT "niudata_sync_history_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "niudata_sync_history" ADD CONSTRAINT "niudata_sync_history_expense_id_expenses_id_fk" FOREIGN KEY ("expense_id") REFERENCES "public"."expenses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "niudata_sandbox_vouchers_key_uq" ON "niudata_sandbox_vouchers" USING btree ("token_hash","idempotency_key");--> statement-breakpoint
CREATE INDEX "niudata_sync_history_company_idx" ON "niudata_sync_history" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "niudata_sync_history_expense_idx" ON "niudata_sync_history" USING btree ("expense_id");