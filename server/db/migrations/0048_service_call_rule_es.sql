ALTER TABLE "office_prices" ADD COLUMN "service_call_rule_es" text;--> statement-breakpoint
ALTER TABLE "service_requests" ADD COLUMN "quoted_service_call_rule_es" text;