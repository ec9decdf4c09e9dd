CREATE TABLE "field_taps" (
	"technician_id" text NOT NULL,
	"key" text NOT NULL,
	"request_id" uuid NOT NULL,
	"action" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "field_taps_technician_id_key_pk" PRIMARY KEY("technician_id","key")
);
--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "field_status" text;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "arriving_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "work_done" text;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "parts_used" text;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "amount_charged_cents" integer;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "cant_fix_reason" text;--> statement-breakpoint
ALTER TABLE "field_taps" ADD CONSTRAINT "field_taps_technician_id_staff_users_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."staff_users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "field_taps" ADD CONSTRAINT "field_taps_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "field_taps_created_idx" ON "field_taps" USING btree ("created_at");