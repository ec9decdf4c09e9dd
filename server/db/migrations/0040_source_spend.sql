CREATE TABLE "source_spend" (
	"office" text NOT NULL,
	"source" text NOT NULL,
	"month" text NOT NULL,
	"cents" integer NOT NULL,
	"updated_by" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "source_spend_office_source_month_pk" PRIMARY KEY("office","source","month"),
	CONSTRAINT "source_spend_month" CHECK ("source_spend"."month" ~ '^[0-9]{4}-(0[1-9]|1[0-2])$'),
	CONSTRAINT "source_spend_cents" CHECK ("source_spend"."cents" between 1 and 100000000)
);
