ALTER TABLE "request_jobs" ADD COLUMN "part_price_cents" integer;--> statement-breakpoint
ALTER TABLE "request_jobs" ADD COLUMN "deposit_cents" integer;