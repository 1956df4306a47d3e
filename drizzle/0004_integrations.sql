CREATE TABLE "accounting_webhook_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"expense_id" uuid,
	"event_type" varchar(60) NOT NULL,
	"event_id" varchar(60) NOT NULL,
	"url" text NOT NULL,
	"test" boolean DEFAULT false NOT NULL,
	"attempt" integer NOT NULL,
	"response_status" integer,
	"error_message" text,
	"next_attempt_at" timestamp with time zone,
	"payload" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"succeeded_at" timestamp with time zone,
	"failed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "accounting_webhooks" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"url" text,
	"enabled" boolean DEFAULT false NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_triggered" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "api_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"name" varchar(100) NOT NULL,
	"prefix" varchar(24) NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by" uuid
);
--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "sync_status" varchar(20) DEFAULT 'pending' NOT NULL;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "sync_error" text;--> statement-breakpoint
ALTER TABLE "expenses" ADD COLUMN "synced_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "accounting_webhook_logs" ADD CONSTRAINT "accounting_webhook_logs_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_webhook_logs" ADD CONSTRAINT "accounting_webhook_logs_expense_id_expenses_id_fk" FOREIGN KEY ("expense_id") REFERENCES "public"."expenses"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "accounting_webhooks" ADD CONSTRAINT "accounting_webhooks_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_tokens" ADD CONSTRAINT "api_tokens_revoked_by_users_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounting_webhook_logs_company_idx" ON "accounting_webhook_logs" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "accounting_webhook_logs_attempt_uq" ON "accounting_webhook_logs" USING btree ("company_id","event_id","attempt");--> statement-breakpoint
CREATE UNIQUE INDEX "api_tokens_hash_uq" ON "api_tokens" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "api_tokens_company_idx" ON "api_tokens" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "expenses_company_approved_idx" ON "expenses" USING btree ("company_id","approved_at","id");