ALTER TABLE "staff_users" DROP CONSTRAINT "staff_users_role_known";--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "technician_id" text;--> statement-breakpoint
ALTER TABLE "service_requests" ADD CONSTRAINT "service_requests_technician_id_staff_users_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."staff_users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "service_requests_technician_day_idx" ON "service_requests" USING btree ("technician_id","scheduled_date");--> statement-breakpoint
ALTER TABLE "staff_users" ADD CONSTRAINT "staff_users_role_known" CHECK ("staff_users"."role" in ('owner', 'dispatcher', 'technician'));