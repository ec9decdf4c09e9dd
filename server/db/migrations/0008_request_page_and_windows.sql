CREATE TABLE "office_closed_days" (
	"office" text NOT NULL,
	"date" date NOT NULL,
	"label" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "office_closed_days_office_date_pk" PRIMARY KEY("office","date")
);
--> statement-breakpoint
CREATE TABLE "request_photos" (
	"id" uuid PRIMARY KEY NOT NULL,
	"request_id" uuid NOT NULL,
	"content_type" text NOT NULL,
	"data" "bytea" NOT NULL,
	"byte_size" integer NOT NULL,
	"width" integer NOT NULL,
	"height" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "window_capacities" (
	"office" text NOT NULL,
	"weekday" integer NOT NULL,
	"window" text NOT NULL,
	"capacity" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "window_capacities_office_weekday_window_pk" PRIMARY KEY("office","weekday","window"),
	CONSTRAINT "window_capacities_weekday" CHECK ("window_capacities"."weekday" between 0 and 6),
	CONSTRAINT "window_capacities_capacity" CHECK ("window_capacities"."capacity" between 0 and 1000)
);
--> statement-breakpoint
CREATE TABLE "window_places" (
	"office" text NOT NULL,
	"date" date NOT NULL,
	"window" text NOT NULL,
	"taken" integer NOT NULL,
	CONSTRAINT "window_places_office_date_window_pk" PRIMARY KEY("office","date","window"),
	CONSTRAINT "window_places_taken" CHECK ("window_places"."taken" >= 0)
);
--> statement-breakpoint
ALTER TABLE "outbox" DROP CONSTRAINT "outbox_status_known";--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "access_token_hash" text;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "calendar_sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "held_date" date;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "held_window" text;--> statement-breakpoint
ALTER TABLE "request_photos" ADD CONSTRAINT "request_photos_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_photos_request_idx" ON "request_photos" USING btree ("request_id","created_at");--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_access_token_hash_unique" UNIQUE("access_token_hash");--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_status_known" CHECK ("outbox"."status" in ('pending', 'sending', 'sent', 'dead', 'cancelled'));