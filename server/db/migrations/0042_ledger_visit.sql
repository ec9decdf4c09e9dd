ALTER TABLE "payments" ADD COLUMN "visit_number" integer;--> statement-breakpoint
-- The rows made before: a service call recorded by the technician names its visit in its key;
-- any other row was made on the request's latest visit begun by then (else its current one).
UPDATE "payments" p SET "visit_number" = coalesce(
  substring(p."idempotency_key" from ':visit:([0-9]+)$')::integer,
  (SELECT max(v."number") FROM "request_visits" v
    WHERE v."request_id" = p."request_id" AND v."created_at" <= p."created_at"),
  (SELECT r."visit_number" FROM "service_requests" r WHERE r."id" = p."request_id")
) WHERE p."kind" <> 'refund';--> statement-breakpoint
-- A refund is its payment's.
UPDATE "payments" p SET "visit_number" = paid."visit_number"
FROM "payments" paid WHERE p."kind" = 'refund' AND paid."id" = p."refund_of";--> statement-breakpoint
ALTER TABLE "payments" ALTER COLUMN "visit_number" SET NOT NULL;
