CREATE TABLE "request_jobs" (
	"request_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"estimate_lines" jsonb,
	"estimate_at" timestamp with time zone,
	"estimate_decision" text,
	"estimate_decided_by" text,
	"estimate_decided_at" timestamp with time zone,
	"estimate_decided_on" text,
	"payment_method" text,
	"payment_cents" integer,
	"paid_at" timestamp with time zone,
	"payment_for" text,
	"no_charge_reason" text,
	"warranty_days" integer,
	"warranty_ends" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_jobs_request_id_number_pk" PRIMARY KEY("request_id","number"),
	CONSTRAINT "request_jobs_payment_for_known" CHECK ("request_jobs"."payment_for" in ('repair', 'service-call'))
);
--> statement-breakpoint
ALTER TABLE "service_requests" DROP CONSTRAINT "service_requests_payment_for_known";--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "job_number" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "request_jobs" ADD CONSTRAINT "request_jobs_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Every request's estimate, payment and warranty become its first job's (the repair's).
INSERT INTO "request_jobs" ("request_id", "number", "estimate_lines", "estimate_at", "estimate_decision", "estimate_decided_by", "estimate_decided_at", "estimate_decided_on", "payment_method", "payment_cents", "paid_at", "payment_for", "no_charge_reason", "warranty_days", "warranty_ends")
SELECT "id", 1, "estimate_lines", "estimate_at", "estimate_decision", "estimate_decided_by", "estimate_decided_at", "estimate_decided_on", "payment_method", "payment_cents", "paid_at", "payment_for", "no_charge_reason", "warranty_days", "warranty_ends"
FROM "service_requests"
WHERE "estimate_lines" IS NOT NULL OR "estimate_at" IS NOT NULL OR "estimate_decision" IS NOT NULL OR "payment_method" IS NOT NULL OR "payment_cents" IS NOT NULL OR "paid_at" IS NOT NULL OR "payment_for" IS NOT NULL OR "no_charge_reason" IS NOT NULL OR "warranty_days" IS NOT NULL OR "warranty_ends" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "service_requests" DROP COLUMN "estimate_lines";--> statement-breakpoint
ALTER TABLE "service_requests" DROP COLUMN "estimate_at";--> statement-breakpoint
ALTER TABLE "service_requests" DROP COLUMN "estimate_decision";--> statement-breakpoint
ALTER TABLE "service_requests" DROP COLUMN "estimate_decided_by";--> statement-breakpoint
ALTER TABLE "service_requests" DROP COLUMN "estimate_decided_at";--> statement-breakpoint
ALTER TABLE "service_requests" DROP COLUMN "estimate_decided_on";--> statement-breakpoint
ALTER TABLE "service_requests" DROP COLUMN "payment_method";--> statement-breakpoint
ALTER TABLE "service_requests" DROP COLUMN "payment_cents";--> statement-breakpoint
ALTER TABLE "service_requests" DROP COLUMN "paid_at";--> statement-breakpoint
ALTER TABLE "service_requests" DROP COLUMN "payment_for";--> statement-breakpoint
ALTER TABLE "service_requests" DROP COLUMN "no_charge_reason";--> statement-breakpoint
ALTER TABLE "service_requests" DROP COLUMN "warranty_days";--> statement-breakpoint
ALTER TABLE "service_requests" DROP COLUMN "warranty_ends";