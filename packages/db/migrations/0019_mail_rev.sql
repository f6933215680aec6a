ALTER TABLE "users" ADD COLUMN "mail_rev" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- users.mail_rev follows every statement that writes mails: the users whose mails it inserted, changed or deleted count
-- up once. The gate reads the users row on every call, so the inbox (read on every page load) is served from a copy
-- while the rev it was read at is still the user's. The rows are locked in id order first, so two writers touching the
-- same users (two fan-outs, a fan-out and a mark_read) wait for each other instead of deadlocking.
CREATE FUNCTION "mails_bump_rev"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  touched text;
BEGIN
  -- Each kind of trigger sees only its own transition tables, so the rows are named in dynamic SQL.
  touched := CASE TG_OP WHEN 'DELETE' THEN 'old_rows' ELSE 'new_rows' END;
  EXECUTE format($sql$
    WITH locked AS (
      SELECT u.id FROM users u WHERE u.id IN (SELECT DISTINCT user_id FROM %I) ORDER BY u.id FOR NO KEY UPDATE
    )
    UPDATE users SET mail_rev = mail_rev + 1 FROM locked WHERE users.id = locked.id
  $sql$, touched);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "mails_rev_insert" AFTER INSERT ON "mails" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION mails_bump_rev();--> statement-breakpoint
CREATE TRIGGER "mails_rev_update" AFTER UPDATE ON "mails" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION mails_bump_rev();--> statement-breakpoint
CREATE TRIGGER "mails_rev_delete" AFTER DELETE ON "mails" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION mails_bump_rev();
