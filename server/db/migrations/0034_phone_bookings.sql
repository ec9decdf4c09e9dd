ALTER TABLE "service_requests" ADD COLUMN "text_consent_recorded_by" text;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "source_detail" text;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "taken_by_id" text;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "taken_by" text;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "overbook_reason" text;