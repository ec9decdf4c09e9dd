CREATE TABLE "request_photo_parts" (
	"photo_id" uuid NOT NULL,
	"part" integer NOT NULL,
	"data" "bytea" NOT NULL,
	CONSTRAINT "request_photo_parts_photo_id_part_pk" PRIMARY KEY("photo_id","part")
);
--> statement-breakpoint
ALTER TABLE "request_photos" ALTER COLUMN "data" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "request_photo_parts" ADD CONSTRAINT "request_photo_parts_photo_id_request_photos_id_fk" FOREIGN KEY ("photo_id") REFERENCES "public"."request_photos"("id") ON DELETE cascade ON UPDATE no action;