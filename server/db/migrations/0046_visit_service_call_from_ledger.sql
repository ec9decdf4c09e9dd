-- An ended visit's service call is read from the ledger's row that settled it (or the visit's no
-- charge) from now on. A service call kept with its visit that no row settles (recorded as $0)
-- gets a row of what it said, before the copy goes (on the request's job, made if it has none).
INSERT INTO "request_jobs" ("request_id", "number")
SELECT v."request_id", r."job_number"
FROM "request_visits" v JOIN "service_requests" r ON r."id" = v."request_id"
WHERE v."service_call" ->> 'method' IS NOT NULL
ON CONFLICT DO NOTHING;--> statement-breakpoint
INSERT INTO "payments" ("id", "request_id", "job_number", "visit_number", "kind", "payment_for",
  "method", "amount_cents", "state", "staff_name", "idempotency_key", "created_at", "settled_at",
  "settles")
SELECT gen_random_uuid(), v."request_id", r."job_number", v."number", 'balance', 'service-call',
  v."service_call" ->> 'method', coalesce((v."service_call" ->> 'cents')::integer, 0), 'paid', '',
  'migrated:settles:' || v."request_id" || ':visit:' || v."number",
  (v."service_call" ->> 'paidAt')::timestamptz, (v."service_call" ->> 'paidAt')::timestamptz, true
FROM "request_visits" v JOIN "service_requests" r ON r."id" = v."request_id"
WHERE v."service_call" ->> 'method' IS NOT NULL
  AND NOT EXISTS (SELECT 1 FROM "payments" p
    WHERE p."request_id" = v."request_id" AND p."visit_number" = v."number" AND p."settles"
      AND p."payment_for" = 'service-call' AND p."state" IN ('paid', 'refunded'));--> statement-breakpoint
ALTER TABLE "request_visits" DROP COLUMN "service_call";
