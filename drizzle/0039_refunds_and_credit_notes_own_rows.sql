ALTER TABLE "orders" DROP CONSTRAINT "orders_credit_note_number_unique";--> statement-breakpoint
ALTER TABLE "order_events" ADD COLUMN "by_staff" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "refund_id";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "refunded_at";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "credit_note_number";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "credited_at";--> statement-breakpoint
ALTER TABLE "test_payment_intents" DROP COLUMN "refund_id";--> statement-breakpoint
-- The steps only the shop's staff took before the flag was kept.
UPDATE "order_events" SET "by_staff" = true WHERE "event" IN ('freight_quoted', 'shipped', 'refunded') AND "actor" IS NOT NULL;
