-- The desk's live streams end with the right to them. Whatever ends a session (sign-out, a new
-- password, disabling, expiry pruning) or changes a person's access (role, offices, disabled,
-- password) tells every server process on commit, on the "desk_staff_sessions" channel: a
-- trigger, so that no path (better-auth's own deletes, the staff command, another process) can
-- forget to. The payload is JSON: {"staffId", "sessionId"} for one session, {"staffId"} for all.
CREATE FUNCTION "desk_staff_session_ended"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('desk_staff_sessions', json_build_object('staffId', OLD."user_id", 'sessionId', OLD."id")::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
-- TG_ARGV[0]: the column holding the person's id.
CREATE FUNCTION "desk_staff_access_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('desk_staff_sessions', json_build_object('staffId', to_jsonb(NEW) ->> TG_ARGV[0])::text);
  RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "staff_sessions_ended" AFTER DELETE ON "staff_sessions"
  FOR EACH ROW EXECUTE FUNCTION "desk_staff_session_ended"();--> statement-breakpoint
CREATE TRIGGER "staff_users_access_changed" AFTER UPDATE ON "staff_users"
  FOR EACH ROW
  WHEN (OLD."role" IS DISTINCT FROM NEW."role"
    OR OLD."offices" IS DISTINCT FROM NEW."offices"
    OR OLD."disabled_at" IS DISTINCT FROM NEW."disabled_at")
  EXECUTE FUNCTION "desk_staff_access_changed"('id');--> statement-breakpoint
CREATE TRIGGER "staff_accounts_password_changed" AFTER UPDATE ON "staff_accounts"
  FOR EACH ROW
  WHEN (OLD."password" IS DISTINCT FROM NEW."password")
  EXECUTE FUNCTION "desk_staff_access_changed"('user_id');
