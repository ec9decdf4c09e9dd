CREATE TABLE "lead_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"lead_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor_id" text,
	"actor_name" text NOT NULL,
	"from_status" text,
	"to_status" text,
	"detail" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "scheduled_date" date;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "scheduled_window" text;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "technician" text;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "lead_events_lead_idx" ON "lead_events" USING btree ("lead_id","at");--> statement-breakpoint
CREATE FUNCTION "lead_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'lead_events is append-only: % refused', TG_OP;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "lead_events_append_only" BEFORE UPDATE OR DELETE ON "lead_events"
  FOR EACH ROW EXECUTE FUNCTION "lead_events_append_only"();
