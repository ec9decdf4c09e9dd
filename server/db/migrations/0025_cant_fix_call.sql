ALTER TABLE "service_requests" ADD COLUMN "cant_fix_call_recorded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "payment_for" text;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "no_charge_reason" text;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_payment_for_known" CHECK ("service_requests"."payment_for" in ('repair', 'service-call'));