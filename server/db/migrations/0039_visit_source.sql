ALTER TABLE "service_requests" ADD COLUMN "visit_source" jsonb;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "visit_source" jsonb;