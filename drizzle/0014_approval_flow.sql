CREATE TABLE "approval_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" varchar(100) NOT NULL,
	"min_amount_clp" bigint,
	"max_amount_clp" bigint,
	"category_id" uuid,
	"cost_center_id" uuid,
	"submitter_id" uuid,
	"steps" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "approval_steps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"expense_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"approver_kind" varchar(10) NOT NULL,
	"approver_id" uuid,
	"status" varchar(12) NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"reason" text,
	"assignment_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expense_policies" (
	"company_id" uuid PRIMARY KEY NOT NULL,
	"policies" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "expense_policy_flags" (
	"expense_id" uuid PRIMARY KEY NOT NULL,
	"company_id" uuid NOT NULL,
	"violations" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "manager_assignments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"manager_id" uuid NOT NULL,
	"cost_center_id" uuid,
	"employee_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "manager_assignments_one_target" CHECK (("manager_assignments"."cost_center_id" is null) <> ("manager_assignments"."employee_id" is null))
);
--> statement-breakpoint
ALTER TABLE "approval_rules" ADD CONSTRAINT "approval_rules_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_rules" ADD CONSTRAINT "approval_rules_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_rules" ADD CONSTRAINT "approval_rules_cost_center_id_cost_centers_id_fk" FOREIGN KEY ("cost_center_id") REFERENCES "public"."cost_centers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_rules" ADD CONSTRAINT "approval_rules_submitter_id_users_id_fk" FOREIGN KEY ("submitter_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_steps" ADD CONSTRAINT "approval_steps_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_steps" ADD CONSTRAINT "approval_steps_expense_id_expenses_id_fk" FOREIGN KEY ("expense_id") REFERENCES "public"."expenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_steps" ADD CONSTRAINT "approval_steps_approver_id_users_id_fk" FOREIGN KEY ("approver_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "approval_steps" ADD CONSTRAINT "approval_steps_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_policies" ADD CONSTRAINT "expense_policies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_policy_flags" ADD CONSTRAINT "expense_policy_flags_expense_id_expenses_id_fk" FOREIGN KEY ("expense_id") REFERENCES "public"."expenses"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "expense_policy_flags" ADD CONSTRAINT "expense_policy_flags_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manager_assignments" ADD CONSTRAINT "manager_assignments_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manager_assignments" ADD CONSTRAINT "manager_assignments_manager_id_users_id_fk" FOREIGN KEY ("manager_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manager_assignments" ADD CONSTRAINT "manager_assignments_cost_center_id_cost_centers_id_fk" FOREIGN KEY ("cost_center_id") REFERENCES "public"."cost_centers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "manager_assignments" ADD CONSTRAINT "manager_assignments_employee_id_users_id_fk" FOREIGN KEY ("employee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "approval_rules_company_position_uq" ON "approval_rules" USING btree ("company_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "approval_steps_expense_position_uq" ON "approval_steps" USING btree ("expense_id","position");--> statement-breakpoint
CREATE UNIQUE INDEX "approval_steps_one_open_uq" ON "approval_steps" USING btree ("expense_id") WHERE "approval_steps"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "approval_steps_company_approver_open_idx" ON "approval_steps" USING btree ("company_id","approver_id") WHERE "approval_steps"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "manager_assignments_company_manager_idx" ON "manager_assignments" USING btree ("company_id","manager_id");--> statement-breakpoint
CREATE INDEX "manager_assignments_company_cost_center_idx" ON "manager_assignments" USING btree ("company_id","cost_center_id");--> statement-breakpoint
CREATE INDEX "manager_assignments_company_employee_idx" ON "manager_assignments" USING btree ("company_id","employee_id");--> statement-breakpoint
-- hand-written (keep when regenerating)
-- Existing expenses need no backfill: an expense without approval_steps is approved by one admin, as before rules.
-- The steps of an expense belong to the expense's company (a check drizzle cannot express across tables is left to
-- the service, which always writes both from the same row); steps are numbered from 1.
ALTER TABLE "approval_steps" ADD CONSTRAINT "approval_steps_position_positive" CHECK ("position" >= 1);--> statement-breakpoint
ALTER TABLE "approval_steps" ADD CONSTRAINT "approval_steps_kind" CHECK ("approver_kind" IN ('admin', 'user'));--> statement-breakpoint
ALTER TABLE "approval_steps" ADD CONSTRAINT "approval_steps_status" CHECK ("status" IN ('waiting', 'pending', 'approved', 'rejected', 'cancelled'));
--> statement-breakpoint
-- The change feed (0013): the expense list shows the open step of a pending expense, so a decided or reassigned step
-- changes the company's pages.
CREATE TRIGGER approval_steps_notify_insert AFTER INSERT ON approval_steps REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rendix_notify_company_rows();
--> statement-breakpoint
CREATE TRIGGER approval_steps_notify_update AFTER UPDATE ON approval_steps REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rendix_notify_company_rows();
--> statement-breakpoint
CREATE TRIGGER approval_steps_notify_delete AFTER DELETE ON approval_steps REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION rendix_notify_company_rows();
