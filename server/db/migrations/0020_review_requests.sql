ALTER TABLE "service_requests" ADD COLUMN "review_request_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "review_technician_id" text;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "review_technician" text;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_review_technician_id_staff_users_id_fk" FOREIGN KEY ("review_technician_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;