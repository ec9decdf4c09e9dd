CREATE TABLE "privacy_audit" (
	"id" uuid PRIMARY KEY NOT NULL,
	"action" text NOT NULL,
	"subject_hash" text NOT NULL,
	"records" integer NOT NULL,
	"actor_id" text NOT NULL,
	"actor_name" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "newsletter_subscribers" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
-- A privacy erasure may blank a note's text (and nothing else): it says so for its transaction.
CREATE OR REPLACE FUNCTION "lead_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND current_setting('app.erasing', true) = 'on'
     AND NEW.id = OLD.id AND NEW.lead_id = OLD.lead_id AND NEW.kind = OLD.kind
     AND NEW.at = OLD.at AND NEW.detail = '[erased]' THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'lead_events is append-only: % refused', TG_OP;
END;
$$;
