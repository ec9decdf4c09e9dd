CREATE TABLE "text_opt_outs" (
	"phone" text PRIMARY KEY NOT NULL,
	"keyword" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "texts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"request_id" uuid,
	"kind" text NOT NULL,
	"to" text NOT NULL,
	"body" text NOT NULL,
	"office" text NOT NULL,
	"consent_at" timestamp with time zone,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"locked_until" timestamp with time zone,
	"provider_id" text,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "texts_provider_id_unique" UNIQUE("provider_id")
);
--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "text_consent_words" text;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "text_consent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "text_consent_page" text;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "text_consent_phone" text;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "texts_off_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "texts" ADD CONSTRAINT "texts_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "texts_due_idx" ON "texts" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "texts_request_idx" ON "texts" USING btree ("request_id","created_at");--> statement-breakpoint
CREATE INDEX "texts_to_idx" ON "texts" USING btree ("to");