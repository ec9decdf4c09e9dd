CREATE TABLE "payments" (
	"id" uuid PRIMARY KEY NOT NULL,
	"request_id" uuid NOT NULL,
	"job_number" integer NOT NULL,
	"kind" text NOT NULL,
	"payment_for" text NOT NULL,
	"method" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"state" text NOT NULL,
	"refund_of" uuid,
	"reason" text,
	"stripe_session_id" text,
	"stripe_payment_intent_id" text,
	"stripe_refund_id" text,
	"checkout_url" text,
	"expires_at" timestamp with time zone,
	"card_last4" text,
	"staff_id" text,
	"staff_name" text DEFAULT '' NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "payments_stripe_session_id_unique" UNIQUE("stripe_session_id"),
	CONSTRAINT "payments_stripe_refund_id_unique" UNIQUE("stripe_refund_id"),
	CONSTRAINT "payments_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "payments_amount_positive" CHECK ("payments"."amount_cents" > 0),
	CONSTRAINT "payments_kind_known" CHECK ("payments"."kind" in ('deposit', 'balance', 'refund')),
	CONSTRAINT "payments_for_known" CHECK ("payments"."payment_for" in ('repair', 'service-call')),
	CONSTRAINT "payments_method_known" CHECK ("payments"."method" in ('card', 'cash', 'check')),
	CONSTRAINT "payments_state_known" CHECK ("payments"."state" in ('pending', 'paid', 'failed', 'expired', 'refunded')),
	CONSTRAINT "payments_refund_of" CHECK (("payments"."kind" = 'refund') = ("payments"."refund_of" is not null))
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_refund_of_payments_id_fk" FOREIGN KEY ("refund_of") REFERENCES "public"."payments"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_request_id_job_number_request_jobs_request_id_number_fk" FOREIGN KEY ("request_id","job_number") REFERENCES "public"."request_jobs"("request_id","number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_request_idx" ON "payments" USING btree ("request_id","job_number");--> statement-breakpoint
CREATE INDEX "payments_payment_intent_idx" ON "payments" USING btree ("stripe_payment_intent_id");--> statement-breakpoint
-- The payments recorded before the ledger, each a paid row: the jobs' (a repair's, or the service
-- call of the visit in progress) and the service calls kept with the visits that ended.
INSERT INTO "payments" ("id", "request_id", "job_number", "kind", "payment_for", "method", "amount_cents", "state", "staff_name", "idempotency_key", "created_at", "settled_at")
SELECT gen_random_uuid(), j."request_id", j."number", 'balance', coalesce(j."payment_for", 'repair'), j."payment_method", j."payment_cents", 'paid', '',
  'recorded:' || j."request_id" || CASE WHEN j."payment_for" = 'service-call' THEN ':visit:' || r."visit_number" ELSE ':job:' || j."number" END,
  coalesce(j."paid_at", now()), j."paid_at"
FROM "request_jobs" j
JOIN "service_requests" r ON r."id" = j."request_id"
WHERE j."payment_method" IS NOT NULL AND j."payment_cents" > 0;--> statement-breakpoint
INSERT INTO "payments" ("id", "request_id", "job_number", "kind", "payment_for", "method", "amount_cents", "state", "staff_name", "idempotency_key", "created_at", "settled_at")
SELECT gen_random_uuid(), v."request_id", j."number", 'balance', 'service-call', v."service_call"->>'method', (v."service_call"->>'cents')::integer, 'paid', '', 'recorded:' || v."request_id" || ':visit:' || v."number", (v."service_call"->>'paidAt')::timestamptz, (v."service_call"->>'paidAt')::timestamptz
FROM "request_visits" v
JOIN LATERAL (
  SELECT max(j."number") AS "number" FROM "request_jobs" j
  WHERE j."request_id" = v."request_id" AND (j."started_on_visit" IS NULL OR j."started_on_visit" <= v."number")
) j ON j."number" IS NOT NULL
WHERE v."service_call"->>'method' IS NOT NULL AND (v."service_call"->>'cents')::integer > 0;
