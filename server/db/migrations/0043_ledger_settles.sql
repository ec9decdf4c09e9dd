ALTER TABLE "payments" ADD COLUMN "settles" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "payments_settles_idx" ON "payments" USING btree ("request_id","job_number") WHERE "payments"."settles";--> statement-breakpoint
-- Each job settled before (a payment recorded, not no charge): its row of what it paid for
-- settled nearest the job's paid_at (the same change wrote both).
UPDATE "payments" SET "settles" = true WHERE "id" IN (
  SELECT DISTINCT ON (j."request_id", j."number") p."id"
  FROM "request_jobs" j
  JOIN "payments" p ON p."request_id" = j."request_id" AND p."job_number" = j."number"
    AND p."kind" <> 'refund' AND p."state" IN ('paid', 'refunded')
    AND p."payment_for" = coalesce(j."payment_for", 'repair')
  WHERE j."paid_at" IS NOT NULL AND j."payment_method" IS NOT NULL
  ORDER BY j."request_id", j."number",
    abs(extract(epoch FROM coalesce(p."settled_at", p."created_at") - j."paid_at")),
    p."created_at" DESC
);--> statement-breakpoint
-- And the service calls kept with the visits that ended: the visit's last paid one.
UPDATE "payments" SET "settles" = true WHERE "id" IN (
  SELECT DISTINCT ON (v."request_id", v."number") p."id"
  FROM "request_visits" v
  JOIN "payments" p ON p."request_id" = v."request_id" AND p."visit_number" = v."number"
    AND p."kind" <> 'refund' AND p."state" IN ('paid', 'refunded')
    AND p."payment_for" = 'service-call'
  WHERE v."service_call" ->> 'method' IS NOT NULL
  ORDER BY v."request_id", v."number", p."created_at" DESC
);
