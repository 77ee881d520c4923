CREATE TYPE "public"."price_source" AS ENUM('tier', 'quote');--> statement-breakpoint
CREATE TABLE "order_lines" (
	"order_id" uuid NOT NULL,
	"line_number" smallint NOT NULL,
	"product_id" uuid,
	"sku" text,
	"name" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"price_source" "price_source" NOT NULL,
	"price_source_ref" text,
	"backordered_units" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "order_lines_order_id_line_number_pk" PRIMARY KEY("order_id","line_number"),
	CONSTRAINT "order_lines_quantity_positive" CHECK ("order_lines"."quantity" > 0),
	CONSTRAINT "order_lines_price_not_negative" CHECK ("order_lines"."unit_price_cents" >= 0),
	CONSTRAINT "order_lines_backorder_range" CHECK ("order_lines"."backordered_units" between 0 and "order_lines"."quantity")
);
--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_backorder_range";--> statement-breakpoint
ALTER TABLE "orders" DROP CONSTRAINT "orders_product_id_products_id_fk";
--> statement-breakpoint
DROP INDEX "orders_backorders_idx";--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_lines_product_idx" ON "order_lines" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "order_lines_backorders_idx" ON "order_lines" USING btree ("product_id") WHERE "order_lines"."backordered_units" > 0;--> statement-breakpoint
CREATE INDEX "order_lines_sku_idx" ON "order_lines" USING btree ("sku");--> statement-breakpoint
-- Hand-written: every order placed so far becomes a one-line order with the same product, name, SKU,
-- quantity, price and amount; an accepted quote's order keeps the quote as its price's source.
INSERT INTO "order_lines" ("order_id", "line_number", "product_id", "sku", "name", "quantity", "unit_price_cents", "amount_cents", "price_source", "price_source_ref", "backordered_units")
SELECT "id", 1, "product_id", "sku", "item_name", "quantity", "unit_price_cents", "amount_cents",
  CASE WHEN "quote_id" IS NULL THEN 'tier'::"price_source" ELSE 'quote'::"price_source" END,
  "quote_id"::text, "backordered_units"
FROM "orders";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "product_id";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "item_name";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "sku";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "unit_price_cents";--> statement-breakpoint
ALTER TABLE "orders" DROP COLUMN "backordered_units";