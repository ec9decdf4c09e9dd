ALTER TABLE "field_taps" ADD COLUMN "before" jsonb;--> statement-breakpoint
ALTER TABLE "field_taps" ADD COLUMN "undone_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "field_taps_request_idx" ON "field_taps" USING btree ("request_id","created_at");