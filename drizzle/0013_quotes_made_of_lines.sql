CREATE TABLE "quote_lines" (
	"quote_id" uuid NOT NULL,
	"line_number" smallint NOT NULL,
	"product_id" uuid,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer,
	CONSTRAINT "quote_lines_quote_id_line_number_pk" PRIMARY KEY("quote_id","line_number"),
	CONSTRAINT "quote_lines_quantity_positive" CHECK ("quote_lines"."quantity" > 0),
	CONSTRAINT "quote_lines_unit_price_positive" CHECK ("quote_lines"."unit_price_cents" is null or "quote_lines"."unit_price_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "quotes" DROP CONSTRAINT "quotes_unit_price_positive";--> statement-breakpoint
ALTER TABLE "quotes" DROP CONSTRAINT "quotes_product_id_products_id_fk";
--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_lines" ADD CONSTRAINT "quote_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_lines_product_idx" ON "quote_lines" USING btree ("product_id");--> statement-breakpoint
-- Every quote so far asked for one product: it becomes a one-line quote with the same product, name,
-- SKU, quantity and answered price (issue 32).
INSERT INTO "quote_lines" ("quote_id", "line_number", "product_id", "sku", "name", "quantity", "unit_price_cents")
  SELECT "id", 1, "product_id", "sku", "item_name", "quantity", "unit_price_cents" FROM "quotes";--> statement-breakpoint
ALTER TABLE "quotes" DROP COLUMN "product_id";--> statement-breakpoint
ALTER TABLE "quotes" DROP COLUMN "item_name";--> statement-breakpoint
ALTER TABLE "quotes" DROP COLUMN "sku";--> statement-breakpoint
ALTER TABLE "quotes" DROP COLUMN "unit_price_cents";