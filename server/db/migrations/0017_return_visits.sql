CREATE TABLE "request_visits" (
	"request_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"date" date NOT NULL,
	"window" text NOT NULL,
	"technician_id" text,
	"technician" text NOT NULL,
	"outcome" text,
	"detail" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "request_visits_request_id_number_pk" PRIMARY KEY("request_id","number")
);
--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "part_needed" text;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "visit_number" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "request_visits" ADD CONSTRAINT "request_visits_request_id_service_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."service_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "request_visits" ADD CONSTRAINT "request_visits_technician_id_staff_users_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "request_visits_day_idx" ON "request_visits" USING btree ("date");