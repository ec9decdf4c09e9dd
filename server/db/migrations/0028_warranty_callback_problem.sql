ALTER TABLE "service_requests" ADD COLUMN "callback_problem" text;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "callback_photo_id" uuid;