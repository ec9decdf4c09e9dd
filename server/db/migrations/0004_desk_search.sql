-- The desk's search (ILIKE on name, email and phone digits) uses trigram indexes.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
ALTER TABLE "contact_messages" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("contact_messages"."name" || ' ' || "contact_messages"."last_name" || ' ' || "contact_messages"."email" || ' ' || regexp_replace("contact_messages"."phone", '[^0-9]', '', 'g'))) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("service_requests"."name" || ' ' || "service_requests"."email" || ' ' || regexp_replace("service_requests"."phone", '[^0-9]', '', 'g'))) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "contact_messages_created_idx" ON "contact_messages" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "contact_messages_search_idx" ON "contact_messages" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "service_requests_created_idx" ON "service_requests" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "service_requests_search_idx" ON "service_requests" USING gin ("search_text" gin_trgm_ops);