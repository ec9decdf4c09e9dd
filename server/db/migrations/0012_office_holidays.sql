CREATE TABLE "office_holiday_years" (
	"office" text NOT NULL,
	"year" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "office_holiday_years_office_year_pk" PRIMARY KEY("office","year")
);
