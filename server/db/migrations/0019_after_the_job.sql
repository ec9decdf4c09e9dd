CREATE TABLE "office_prices" (
	"office" text PRIMARY KEY NOT NULL,
	"service_call_cents" integer NOT NULL,
	"service_call_rule" text NOT NULL,
	"ranges" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"warranty_days" integer DEFAULT 90 NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "office_prices_fee" CHECK ("office_prices"."service_call_cents" between 0 and 100000),
	CONSTRAINT "office_prices_warranty" CHECK ("office_prices"."warranty_days" between 0 and 3650)
);
--> statement-breakpoint
CREATE TABLE "reviews" (
	"id" uuid PRIMARY KEY NOT NULL,
	"request_id" uuid NOT NULL,
	"office" text NOT NULL,
	"technician_id" text,
	"technician" text DEFAULT '' NOT NULL,
	"rating" integer NOT NULL,
	"words" text DEFAULT '' NOT NULL,
	"may_publish" boolean DEFAULT false NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"appliance" text NOT NULL,
	"answered_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_at" timestamp with time zone,
	"published_by" text,
	CONSTRAINT "reviews_request_id_unique" UNIQUE("request_id"),
	CONSTRAINT "reviews_rating" CHECK ("reviews"."rating" between 1 and 5),
	CONSTRAINT "reviews_published_with_permission" CHECK ("reviews"."published_at" is null or "reviews"."may_publish")
);
--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "done_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "estimate_lines" jsonb;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "estimate_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "estimate_decision" text;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "estimate_decided_by" text;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "estimate_decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "estimate_decided_on" text;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "payment_method" text;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "payment_cents" integer;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "warranty_days" integer;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "warranty_ends" date;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "warranty_callback" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reviews" ADD CONSTRAINT "reviews_technician_id_staff_users_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reviews_office_answered_idx" ON "reviews" USING btree ("office","answered_at");--> statement-breakpoint
CREATE INDEX "reviews_published_idx" ON "reviews" USING btree ("published_at");