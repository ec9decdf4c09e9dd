ALTER TABLE "request_visits" ADD COLUMN "no_charge_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "request_visits" ADD COLUMN "no_charge_reason" text;--> statement-breakpoint
-- No charge recorded before: the visit in progress's, from its request's current job...
UPDATE "request_visits" v SET "no_charge_at" = j."paid_at", "no_charge_reason" = j."no_charge_reason"
FROM "service_requests" r
JOIN "request_jobs" j ON j."request_id" = r."id" AND j."number" = r."job_number"
WHERE v."request_id" = r."id" AND v."number" = r."visit_number"
  AND j."paid_at" IS NOT NULL AND j."payment_method" IS NULL AND j."payment_for" = 'service-call';--> statement-breakpoint
-- ...and the visits that ended, from the service call kept with each.
UPDATE "request_visits" SET "no_charge_at" = ("service_call" ->> 'paidAt')::timestamptz,
  "no_charge_reason" = "service_call" ->> 'noChargeReason'
WHERE "service_call" IS NOT NULL AND "service_call" ->> 'method' IS NULL
  AND "service_call" ->> 'noChargeReason' IS NOT NULL;
