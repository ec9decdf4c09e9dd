-- The outbox's emails and the texts go out as soon as they are stored: whatever stores them (the
-- one door, a lead, the staff command, another process) tells every server process on commit, on
-- the "jobs_due" channel, with the table's name; the workers look at once rather than at their
-- next poll. A trigger, so that no path can forget to. One notice per statement (and PostgreSQL
-- folds a transaction's equal notices into one).
CREATE FUNCTION "jobs_due_notify"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('jobs_due', TG_TABLE_NAME);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "outbox_jobs_due" AFTER INSERT ON "outbox"
  FOR EACH STATEMENT EXECUTE FUNCTION "jobs_due_notify"();--> statement-breakpoint
CREATE TRIGGER "texts_jobs_due" AFTER INSERT ON "texts"
  FOR EACH STATEMENT EXECUTE FUNCTION "jobs_due_notify"();
