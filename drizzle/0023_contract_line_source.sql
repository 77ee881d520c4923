ALTER TYPE "public"."price_source" ADD VALUE 'contract';--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "price_source_label" text;