-- Trigram search (DESIGN §9): PostgreSQL's contrib pg_trgm, which PGlite ships as an extension too.
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
-- Products from before categories land in one category an admin can rename or move them out of.
INSERT INTO "categories" ("slug", "name") SELECT 'general', 'General' WHERE EXISTS (SELECT 1 FROM "products");--> statement-breakpoint
-- Catalog cursors carry a product's creation time as JavaScript holds it: to the millisecond.
ALTER TABLE "products" ALTER COLUMN "created_at" SET DATA TYPE timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sku" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "category_id" uuid;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "price_tiers" jsonb;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "featured" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Existing products get a generated SKU (from their id, so unique), the one category, and one tier at
-- their lower bound (ORDER_MIN_UNITS' default floor of 100) at their price.
UPDATE "products" SET
	"sku" = 'FT-' || upper(left(replace("id"::text, '-', ''), 10)),
	"category_id" = (SELECT "id" FROM "categories" WHERE "slug" = 'general'),
	"price_tiers" = jsonb_build_array(jsonb_build_object('minQuantity', greatest("min_order", 100), 'priceCents', "price_cents"));--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "sku" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "category_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "price_tiers" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_text" text GENERATED ALWAYS AS ("products"."sku" || ' ' || "products"."name" || ' ' || "products"."description") STORED NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "sku" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "unit_price_cents" integer;--> statement-breakpoint
-- Orders so far were priced at one unit price: amount / quantity is exact.
UPDATE "orders" SET
	"unit_price_cents" = "amount_cents" / "quantity",
	"sku" = (SELECT "sku" FROM "products" WHERE "products"."id" = "orders"."product_id");--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "unit_price_cents" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "products_newest_idx" ON "products" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "products_name_idx" ON "products" USING btree ("name","id");--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("price_cents","id");--> statement-breakpoint
CREATE INDEX "products_category_newest_idx" ON "products" USING btree ("category_id","created_at","id");--> statement-breakpoint
CREATE INDEX "products_featured_newest_idx" ON "products" USING btree ("featured","created_at","id");--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_sku_unique" UNIQUE("sku");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_price_tiers_list" CHECK (jsonb_typeof("products"."price_tiers") = 'array');
