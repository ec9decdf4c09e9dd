ALTER TABLE "outbox" DROP CONSTRAINT "outbox_status_known";--> statement-breakpoint
ALTER TABLE "outbox" ADD COLUMN "cause" text DEFAULT 'website' NOT NULL;--> statement-breakpoint
ALTER TABLE "texts" ADD COLUMN "cause" text DEFAULT 'website' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_cause_known" CHECK ("outbox"."cause" in ('website', 'office'));--> statement-breakpoint
ALTER TABLE "outbox" ADD CONSTRAINT "outbox_status_known" CHECK ("outbox"."status" in ('pending', 'sending', 'sent', 'dead', 'cancelled', 'held'));--> statement-breakpoint
ALTER TABLE "texts" ADD CONSTRAINT "texts_cause_known" CHECK ("texts"."cause" in ('website', 'office'));--> statement-breakpoint
-- What the office and the field caused before the column existed (a homeowner's or the office's
-- cancellation cannot be told apart: it stays the website's).
UPDATE "outbox" SET "cause" = 'office' WHERE "kind" IN ('visit.scheduled.customer', 'visit.reminder.customer', 'visit.on-the-way.customer', 'visit.part-needed.customer', 'receipt.customer', 'review.request.customer', 'review.reminder.customer', 'staff.invitation');--> statement-breakpoint
UPDATE "texts" SET "cause" = 'office' WHERE "kind" IN ('text.booked', 'text.reminder', 'text.on-the-way', 'text.done', 'text.review-request', 'text.review-reminder');--> statement-breakpoint
-- Held back by the single daily limit: the desk may send them again.
UPDATE "outbox" SET "status" = 'held' WHERE "status" = 'cancelled' AND "last_error" LIKE 'Not sent: this address had % emails from us in % hours';--> statement-breakpoint
UPDATE "texts" SET "status" = 'held' WHERE "status" = 'cancelled' AND "last_error" LIKE 'Over % texts to the number in 24 hours';
