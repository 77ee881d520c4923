ALTER TYPE "public"."order_status" ADD VALUE 'awaiting_freight';--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "freight_estimate_cents" integer;