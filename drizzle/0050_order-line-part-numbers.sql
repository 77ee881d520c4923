ALTER TABLE "order_lines" ADD COLUMN "part_number" text;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "unit" text;