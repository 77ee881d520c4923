-- Search (DESIGN §9): full text over SKU, name and description, with typed words corrected by trigram
-- similarity (PostgreSQL's contrib pg_trgm, which PGlite ships too) to the catalog's own words.
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
ALTER TABLE "products" ADD COLUMN "search_vector" tsvector GENERATED ALWAYS AS (setweight(to_tsvector('simple', "products"."sku" || ' ' || "products"."name"), 'A') || setweight(to_tsvector('simple', "products"."description"), 'B')) STORED NOT NULL;--> statement-breakpoint
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
CREATE INDEX "products_search_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- The catalog's vocabulary follows its products: every word of three letters or more they are stored
-- with (numbers and part numbers are matched as typed, never corrected).
CREATE FUNCTION "products_search_words"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO "search_words" ("word")
	SELECT lexeme FROM unnest(NEW."search_vector") WHERE lexeme ~ '^[[:alpha:]]{3,}$' ON CONFLICT DO NOTHING;
	RETURN NULL;
END
$$;--> statement-breakpoint
CREATE TRIGGER "products_search_words" AFTER INSERT OR UPDATE OF "sku", "name", "description" ON "products"
	FOR EACH ROW EXECUTE FUNCTION "products_search_words"();--> statement-breakpoint
INSERT INTO "search_words" ("word")
SELECT DISTINCT lexeme FROM "products", unnest("search_vector") WHERE lexeme ~ '^[[:alpha:]]{3,}$' ON CONFLICT DO NOTHING;--> statement-breakpoint
-- A search as a text-search query: every typed word must match (AND), as a prefix (so 'ham' finds
-- 'hammer') or as one of the four catalog words spelled most like it (so 'hamer' finds it too).
CREATE FUNCTION "catalog_tsquery"(q text) RETURNS tsquery LANGUAGE sql STABLE AS $$
	SELECT to_tsquery('simple', coalesce(string_agg('(' || alternatives || ')', ' & '), ''))
	FROM (
		SELECT (
			SELECT string_agg(quote_literal(word) || suffix, ' | ')
			FROM (
				SELECT typed AS word, ':*' AS suffix
				UNION
				SELECT * FROM (
					SELECT "word", '' FROM "search_words"
					WHERE typed ~ '^[[:alpha:]]{3,}$' AND "word" % typed
					ORDER BY similarity("word", typed) DESC, "word" LIMIT 4
				) AS spelled_alike
			) AS alternative
		) AS alternatives
		FROM unnest(tsvector_to_array(to_tsvector('simple', left(q, 200)))) AS typed
	) AS terms
$$;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_sku_unique" UNIQUE("sku");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_price_tiers_list" CHECK (jsonb_typeof("products"."price_tiers") = 'array');
