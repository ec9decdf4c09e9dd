ALTER TABLE "request_visits" RENAME COLUMN "outcome" TO "field_status";--> statement-breakpoint
ALTER TABLE "service_requests" DROP CONSTRAINT "service_requests_technician_id_staff_users_id_fk";
--> statement-breakpoint
DROP INDEX "service_requests_technician_day_idx";--> statement-breakpoint
ALTER TABLE "request_visits" ALTER COLUMN "date" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "request_visits" ALTER COLUMN "window" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "request_visits" ALTER COLUMN "technician" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "request_visits" ADD COLUMN "arriving_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "request_visits" ADD COLUMN "part_needed" text;--> statement-breakpoint
ALTER TABLE "request_visits" ADD COLUMN "cant_fix_reason" text;--> statement-breakpoint
ALTER TABLE "request_visits" ADD COLUMN "cant_fix_call_recorded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "request_visits" ADD COLUMN "work_done" text;--> statement-breakpoint
ALTER TABLE "request_visits" ADD COLUMN "parts_used" text;--> statement-breakpoint
ALTER TABLE "request_visits" ADD COLUMN "amount_charged_cents" integer;--> statement-breakpoint
ALTER TABLE "request_visits" ADD COLUMN "done_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "request_visits" ADD COLUMN "warranty_callback" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "request_visits" ADD COLUMN "callback_problem" text;--> statement-breakpoint
ALTER TABLE "request_visits" ADD COLUMN "callback_photo_id" uuid;--> statement-breakpoint
CREATE INDEX "request_visits_technician_day_idx" ON "request_visits" USING btree ("technician_id","date");--> statement-breakpoint
-- Every request's current visit becomes a row of its own (one never booked too, blank), made
-- when it began: when the visit before it was kept, or with the request.
INSERT INTO "request_visits" ("request_id","number","created_at","date","window","technician","technician_id","field_status","arriving_at","part_needed","cant_fix_reason","cant_fix_call_recorded_at","work_done","parts_used","amount_charged_cents","done_at","warranty_callback","callback_problem","callback_photo_id") SELECT "id","visit_number",coalesce((SELECT max("earlier"."created_at") FROM "request_visits" "earlier" WHERE "earlier"."request_id" = "service_requests"."id"), "service_requests"."created_at"),"scheduled_date","scheduled_window","technician","technician_id","field_status","arriving_at","part_needed","cant_fix_reason","cant_fix_call_recorded_at","work_done","parts_used","amount_charged_cents","done_at","warranty_callback","callback_problem","callback_photo_id" FROM "service_requests";--> statement-breakpoint
-- A repair followed by visits not yet done: its work was still the request's. It goes back on the
-- repair's row, the last earlier visit that ended done.
UPDATE "request_visits" SET "work_done" = "service_requests"."work_done", "parts_used" = "service_requests"."parts_used", "amount_charged_cents" = "service_requests"."amount_charged_cents", "done_at" = "service_requests"."done_at" FROM "service_requests" WHERE "request_visits"."request_id" = "service_requests"."id" AND "request_visits"."number" = (SELECT max("done"."number") FROM "request_visits" "done" WHERE "done"."request_id" = "service_requests"."id" AND "done"."number" < "service_requests"."visit_number" AND "done"."field_status" = 'done') AND "request_visits"."work_done" IS NULL AND "service_requests"."field_status" IS DISTINCT FROM 'done';--> statement-breakpoint
ALTER TABLE "service_requests" DROP COLUMN "scheduled_date";--> statement-breakpoint
ALTER TABLE "service_requests" DROP COLUMN "scheduled_window";--> statement-breakpoint
ALTER TABLE "service_requests" DROP COLUMN "technician";--> statement-breakpoint
ALTER TABLE "service_requests" DROP COLUMN "technician_id";--> statement-breakpoint
ALTER TABLE "service_requests" DROP COLUMN "field_status";--> statement-breakpoint
ALTER TABLE "service_requests" DROP COLUMN "arriving_at";--> statement-breakpoint
ALTER TABLE "service_requests" DROP COLUMN "work_done";--> statement-breakpoint
ALTER TABLE "service_requests" DROP COLUMN "parts_used";--> statement-breakpoint
ALTER TABLE "service_requests" DROP COLUMN "amount_charged_cents";--> statement-breakpoint
ALTER TABLE "service_requests" DROP COLUMN "cant_fix_reason";--> statement-breakpoint
ALTER TABLE "service_requests" DROP COLUMN "cant_fix_call_recorded_at";--> statement-breakpoint
ALTER TABLE "service_requests" DROP COLUMN "part_needed";--> statement-breakpoint
ALTER TABLE "service_requests" DROP COLUMN "done_at";--> statement-breakpoint
ALTER TABLE "service_requests" DROP COLUMN "warranty_callback";--> statement-breakpoint
ALTER TABLE "service_requests" DROP COLUMN "callback_problem";--> statement-breakpoint
ALTER TABLE "service_requests" DROP COLUMN "callback_photo_id";