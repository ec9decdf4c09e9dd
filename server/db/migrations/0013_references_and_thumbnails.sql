CREATE SEQUENCE "public"."service_request_reference_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
ALTER TABLE "request_photos" ADD COLUMN "thumbnail" "bytea";--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_reference_unique" UNIQUE("reference");