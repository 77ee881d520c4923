ALTER TABLE "orders" ADD COLUMN "carrier" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "backordered_units" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_date" date;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "ship_date" date;--> statement-breakpoint
CREATE INDEX "orders_backorders_idx" ON "orders" USING btree ("product_id","created_at") WHERE "orders"."backordered_units" > 0;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_backorder_range" CHECK ("orders"."backordered_units" between 0 and "orders"."quantity");