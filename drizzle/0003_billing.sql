CREATE TABLE "billing_webhook_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"webhook_id" uuid,
	"webhook_name" varchar(120) NOT NULL,
	"event_type" varchar(60) NOT NULL,
	"event_id" varchar(60) NOT NULL,
	"attempt" integer NOT NULL,
	"response_status" integer,
	"error_message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"succeeded_at" timestamp with time zone,
	"failed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "billing_webhooks" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" varchar(120) NOT NULL,
	"url" text NOT NULL,
	"event" varchar(60) DEFAULT 'subscription.paid' NOT NULL,
	"secret" text,
	"headers" text DEFAULT '{}' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"last_triggered" timestamp with time zone,
	"retry_count" integer DEFAULT 3 NOT NULL,
	"timeout_seconds" integer DEFAULT 10 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_checkouts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"plan_id" varchar(30) NOT NULL,
	"amount" bigint NOT NULL,
	"provider" varchar(20) NOT NULL,
	"preference_id" varchar(100),
	"init_point" text,
	"status" varchar(20) DEFAULT 'created' NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_payments" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_payments_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1000001 CACHE 1),
	"checkout_id" uuid NOT NULL,
	"status" varchar(20) NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "subscription_invoices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"checkout_id" uuid,
	"invoice_number" varchar(30) NOT NULL,
	"status" varchar(20) NOT NULL,
	"plan_id" varchar(30) NOT NULL,
	"billing_period_start" timestamp with time zone,
	"billing_period_end" timestamp with time zone,
	"due_date" timestamp with time zone,
	"paid_at" timestamp with time zone,
	"payment_method" varchar(60),
	"description" text NOT NULL,
	"amount" bigint NOT NULL,
	"tax_rate" numeric(5, 2) DEFAULT '19' NOT NULL,
	"tax_amount" bigint NOT NULL,
	"total_amount" bigint NOT NULL,
	"provider" varchar(20) NOT NULL,
	"provider_payment_id" varchar(60) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "subscription_invoices_invoice_number_unique" UNIQUE("invoice_number")
);
--> statement-breakpoint
ALTER TABLE "billing_webhook_logs" ADD CONSTRAINT "billing_webhook_logs_webhook_id_billing_webhooks_id_fk" FOREIGN KEY ("webhook_id") REFERENCES "public"."billing_webhooks"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_checkouts" ADD CONSTRAINT "payment_checkouts_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_checkouts" ADD CONSTRAINT "payment_checkouts_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_payments" ADD CONSTRAINT "sandbox_payments_checkout_id_payment_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."payment_checkouts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_invoices" ADD CONSTRAINT "subscription_invoices_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscription_invoices" ADD CONSTRAINT "subscription_invoices_checkout_id_payment_checkouts_id_fk" FOREIGN KEY ("checkout_id") REFERENCES "public"."payment_checkouts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_webhook_logs_created_idx" ON "billing_webhook_logs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "billing_webhook_logs_webhook_idx" ON "billing_webhook_logs" USING btree ("webhook_id","created_at");--> statement-breakpoint
CREATE INDEX "payment_checkouts_company_idx" ON "payment_checkouts" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "subscription_invoices_provider_payment_uq" ON "subscription_invoices" USING btree ("provider","provider_payment_id");--> statement-breakpoint
CREATE INDEX "subscription_invoices_company_idx" ON "subscription_invoices" USING btree ("company_id","created_at");