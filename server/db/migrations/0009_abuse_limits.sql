ALTER TABLE "idempotency_keys" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "client_key" text;--> statement-breakpoint
ALTER TABLE "staff_two_factors" ADD COLUMN "last_accepted_step" bigint;--> statement-breakpoint
CREATE INDEX "service_requests_client_idx" ON "service_requests" USING btree ("client_key","created_at");