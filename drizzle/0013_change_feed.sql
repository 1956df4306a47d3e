-- The change feed (src/server/db/change-feed.ts): every write to what the in-process caches keep is notified on
-- 'rendix_changes' as '<topic>:<key>', by the database, whoever writes. s = a session, u = a user or their
-- memberships, c = a company, e = a company's expenses or the catalog names they show.
CREATE OR REPLACE FUNCTION rendix_notify_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('rendix_changes', 's:' || OLD.id_hash);
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sessions_notify_change AFTER UPDATE OR DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION rendix_notify_session();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rendix_notify_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP <> 'INSERT' THEN PERFORM pg_notify('rendix_changes', 'u:' || OLD.user_id); END IF;
  IF TG_OP <> 'DELETE' THEN PERFORM pg_notify('rendix_changes', 'u:' || NEW.user_id); END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rendix_notify_user_row() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('rendix_changes', 'u:' || OLD.id);
  -- A name shown on the companies' pages (submitter, approver, the approver of an open step) changes them.
  IF TG_OP = 'DELETE' OR (OLD.first_name, OLD.last_name, OLD.email, OLD.profile_image_url) IS DISTINCT FROM (NEW.first_name, NEW.last_name, NEW.email, NEW.profile_image_url) THEN
    PERFORM pg_notify('rendix_changes', 'e:' || m.company_id) FROM memberships m WHERE m.user_id = OLD.id;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER users_notify_change AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION rendix_notify_user_row();
--> statement-breakpoint
CREATE TRIGGER memberships_notify_change AFTER INSERT OR UPDATE OR DELETE ON memberships FOR EACH ROW EXECUTE FUNCTION rendix_notify_user();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION rendix_notify_company() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('rendix_changes', 'c:' || OLD.id);
  RETURN NULL;
END $$;
--> statement-breakpoint
-- Filing an expense bumps next_expense_number: that alone changes nothing a cache keeps.
CREATE TRIGGER companies_notify_update AFTER UPDATE ON companies FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'next_expense_number' - 'updated_at') IS DISTINCT FROM (to_jsonb(NEW) - 'next_expense_number' - 'updated_at'))
  EXECUTE FUNCTION rendix_notify_company();
--> statement-breakpoint
CREATE TRIGGER companies_notify_delete AFTER DELETE ON companies FOR EACH ROW EXECUTE FUNCTION rendix_notify_company();
--> statement-breakpoint
-- Once per statement and company (a bulk insert of 50,000 rows notifies once).
CREATE OR REPLACE FUNCTION rendix_notify_company_rows() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('rendix_changes', 'e:' || c) FROM (SELECT DISTINCT company_id AS c FROM new_rows) x;
  ELSIF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('rendix_changes', 'e:' || c) FROM (SELECT DISTINCT company_id AS c FROM old_rows) x;
  ELSE
    PERFORM pg_notify('rendix_changes', 'e:' || c) FROM (SELECT company_id AS c FROM old_rows UNION SELECT company_id FROM new_rows) x;
  END IF;
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER expenses_notify_insert AFTER INSERT ON expenses REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rendix_notify_company_rows();
--> statement-breakpoint
CREATE TRIGGER expenses_notify_update AFTER UPDATE ON expenses REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rendix_notify_company_rows();
--> statement-breakpoint
CREATE TRIGGER expenses_notify_delete AFTER DELETE ON expenses REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION rendix_notify_company_rows();
--> statement-breakpoint
-- The list's category filter matches names: a renamed category changes what a filter counts.
CREATE TRIGGER categories_notify_update AFTER UPDATE ON categories REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rendix_notify_company_rows();
--> statement-breakpoint
CREATE TRIGGER categories_notify_delete AFTER DELETE ON categories REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION rendix_notify_company_rows();
--> statement-breakpoint
-- The list shows payment method names and cost center codes: a rename changes the company's pages.
CREATE TRIGGER payment_methods_notify_update AFTER UPDATE ON payment_methods REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rendix_notify_company_rows();
--> statement-breakpoint
CREATE TRIGGER payment_methods_notify_delete AFTER DELETE ON payment_methods REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION rendix_notify_company_rows();
--> statement-breakpoint
CREATE TRIGGER cost_centers_notify_update AFTER UPDATE ON cost_centers REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION rendix_notify_company_rows();
--> statement-breakpoint
CREATE TRIGGER cost_centers_notify_delete AFTER DELETE ON cost_centers REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION rendix_notify_company_rows();
