CREATE TABLE "customer_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"actor_id" text,
	"actor_name" text NOT NULL,
	"other_customer_id" uuid,
	"detail" text DEFAULT '' NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_keys" (
	"key" text PRIMARY KEY NOT NULL,
	"customer_id" uuid NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customers" (
	"id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"phone" text NOT NULL,
	"email" text NOT NULL,
	"address" text NOT NULL,
	"zip_code" text NOT NULL,
	"merged_into_id" uuid,
	"erased_at" timestamp with time zone,
	"version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "service_requests_phone_key_idx";--> statement-breakpoint
DROP INDEX "service_requests_email_key_idx";--> statement-breakpoint
ALTER TABLE "service_requests" drop column "search_text";--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "search_text" text GENERATED ALWAYS AS (lower("service_requests"."name" || ' ' || "service_requests"."email" || ' ' || regexp_replace("service_requests"."phone", '[^0-9]', '', 'g') || ' ' || "service_requests"."address")) STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "customer_id" uuid;--> statement-breakpoint
ALTER TABLE "customer_keys" ADD CONSTRAINT "customer_keys_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "customer_events_customer_idx" ON "customer_events" USING btree ("customer_id","at");--> statement-breakpoint
CREATE INDEX "customer_keys_customer_idx" ON "customer_keys" USING btree ("customer_id");--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_requests_customer_idx" ON "service_requests" USING btree ("customer_id","created_at");--> statement-breakpoint
-- Dropping the column dropped its trigram index: the search finds an address too now.
CREATE INDEX "service_requests_search_idx" ON "service_requests" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE FUNCTION "customer_events_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'customer_events is append-only: % refused', TG_OP;
END;
$$;--> statement-breakpoint
CREATE TRIGGER "customer_events_append_only" BEFORE UPDATE OR DELETE ON "customer_events"
  FOR EACH ROW EXECUTE FUNCTION "customer_events_append_only"();--> statement-breakpoint
-- The requests stored so far, each joined to its customer: one per phone (its last ten digits),
-- made from the first request of that phone, whose id it takes; a request whose phone has fewer
-- digits is a customer of its own. An erased request belongs to nobody.
INSERT INTO "customers" ("id", "name", "phone", "email", "address", "zip_code", "created_at")
SELECT "id", "name", "phone", "email", "address", "zip_code", "created_at"
FROM "service_requests"
WHERE "erased_at" IS NULL AND "id" IN (
  SELECT first_value("id") OVER (
    PARTITION BY CASE WHEN length("digits") = 10 THEN "digits" ELSE "id"::text END
    ORDER BY "created_at", "id")
  FROM (
    SELECT "id", "created_at", right(regexp_replace("phone", '[^0-9]', '', 'g'), 10) AS "digits"
    FROM "service_requests" WHERE "erased_at" IS NULL
  ) AS "keyed"
);--> statement-breakpoint
INSERT INTO "customer_keys" ("key", "customer_id")
SELECT 'phone:' || right(regexp_replace("phone", '[^0-9]', '', 'g'), 10), "id"
FROM "customers"
WHERE length(right(regexp_replace("phone", '[^0-9]', '', 'g'), 10)) = 10;--> statement-breakpoint
UPDATE "service_requests" AS "request"
SET "customer_id" = coalesce(
  (SELECT "customer_id" FROM "customer_keys"
   WHERE "key" = 'phone:' || right(regexp_replace("request"."phone", '[^0-9]', '', 'g'), 10)),
  "request"."id")
WHERE "request"."erased_at" IS NULL;--> statement-breakpoint
INSERT INTO "customer_keys" ("key", "customer_id")
SELECT DISTINCT ON ("email_key") 'email:' || "email_key", "customer_id"
FROM (
  SELECT lower(trim("email")) AS "email_key", "customer_id", "created_at", "id"
  FROM "service_requests"
  WHERE "customer_id" IS NOT NULL AND trim("email") <> ''
) AS "emails"
ORDER BY "email_key", "created_at", "id"
ON CONFLICT DO NOTHING;
