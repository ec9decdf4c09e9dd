ALTER TABLE "service_requests" ADD COLUMN "visit_source" jsonb;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "visit_source" jsonb;--> statement-breakpoint
-- Every request has a source from now on: those booked on the website before it were "website".
UPDATE "service_requests" SET "source" = 'website' WHERE "source" IS NULL AND "taken_by_id" IS NULL;
