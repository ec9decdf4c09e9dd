ALTER TABLE "service_requests" ADD COLUMN "quoted_service_call_cents" integer;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "quoted_service_call_rule" text;