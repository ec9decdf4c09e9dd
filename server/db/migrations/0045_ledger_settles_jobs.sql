ALTER TABLE "payments" DROP CONSTRAINT "payments_amount_positive";--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_amount_counted" CHECK ("payments"."amount_cents" > 0 or ("payments"."amount_cents" = 0 and "payments"."kind" = 'balance' and "payments"."settles"));--> statement-breakpoint
-- A job's settlement is read from the ledger from now on (the payment that settled it, its time,
-- what was paid by then): make the ledger say what the job's columns said before they go.
-- A job settled with no row that settled it (a payment of $0: the deposits covered the repair,
-- or it was free) gets one of $0, on the visit it was recorded on.
INSERT INTO "payments" ("id", "request_id", "job_number", "visit_number", "kind", "payment_for",
  "method", "amount_cents", "state", "staff_name", "idempotency_key", "created_at", "settled_at",
  "settles")
SELECT gen_random_uuid(), j."request_id", j."number",
  CASE WHEN j."payment_for" = 'service-call' THEN r."visit_number"
    ELSE coalesce((SELECT max(v."number") FROM "request_visits" v
      WHERE v."request_id" = j."request_id" AND v."created_at" <= j."paid_at"), r."visit_number") END,
  'balance', coalesce(j."payment_for", 'repair'), j."payment_method", 0, 'paid', '',
  'migrated:settles:' || j."request_id" || ':' || j."number", j."paid_at", j."paid_at", true
FROM "request_jobs" j JOIN "service_requests" r ON r."id" = j."request_id"
WHERE j."paid_at" IS NOT NULL AND j."payment_method" IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM "payments" p
    WHERE p."request_id" = j."request_id" AND p."settles" AND p."state" IN ('paid', 'refunded')
      AND CASE WHEN j."payment_for" = 'service-call'
        THEN p."payment_for" = 'service-call' AND p."visit_number" = r."visit_number"
        ELSE p."payment_for" = 'repair' AND p."job_number" = j."number" END);--> statement-breakpoint
-- The settling row's time is when the job was paid (a payment refunded in full had been given
-- its refund's time; it keeps when it was paid from now on).
UPDATE "payments" p SET "settled_at" = j."paid_at"
FROM "request_jobs" j JOIN "service_requests" r ON r."id" = j."request_id"
WHERE p."request_id" = j."request_id" AND p."settles" AND j."paid_at" IS NOT NULL
  AND CASE WHEN j."payment_for" = 'service-call'
    THEN p."payment_for" = 'service-call' AND p."visit_number" = r."visit_number"
      AND j."number" = r."job_number"
    ELSE p."payment_for" = 'repair' AND p."job_number" = j."number" END;--> statement-breakpoint
-- An ended visit's service call, when its visit recorded it.
UPDATE "payments" p SET "settled_at" = (v."service_call" ->> 'paidAt')::timestamptz
FROM "request_visits" v
WHERE p."request_id" = v."request_id" AND p."visit_number" = v."number" AND p."settles"
  AND p."payment_for" = 'service-call' AND v."service_call" ->> 'method' IS NOT NULL;--> statement-breakpoint
-- Cash and check refunded in full were paid when recorded.
UPDATE "payments" SET "settled_at" = "created_at"
WHERE "state" = 'refunded' AND "kind" <> 'refund' AND "method" IN ('cash', 'check')
  AND NOT "settles";--> statement-breakpoint
ALTER TABLE "request_jobs" DROP CONSTRAINT "request_jobs_payment_for_known";--> statement-breakpoint
DROP INDEX "request_jobs_paid_idx";--> statement-breakpoint
CREATE INDEX "payments_settled_idx" ON "payments" USING btree ("settled_at") WHERE "payments"."settles";--> statement-breakpoint
ALTER TABLE "request_jobs" DROP COLUMN "payment_method";--> statement-breakpoint
ALTER TABLE "request_jobs" DROP COLUMN "payment_cents";--> statement-breakpoint
ALTER TABLE "request_jobs" DROP COLUMN "paid_at";--> statement-breakpoint
ALTER TABLE "request_jobs" DROP COLUMN "payment_for";--> statement-breakpoint
ALTER TABLE "request_jobs" DROP COLUMN "no_charge_reason";
