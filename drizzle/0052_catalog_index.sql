-- The catalog's search, category and specification filters in one GIN index (issue 46, at a million
-- SKUs). catalog_keys is a product's specifications with its category as "@category" (no attribute key
-- starts with @), so `catalog_keys(specs, category_id) @> '{"@category": "…", "voltage": 18}'` and the
-- search's words are intersected inside the index. Immutable, so an index may be built on it.
CREATE FUNCTION catalog_keys(specs jsonb, category_id uuid) RETURNS jsonb
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT specs || jsonb_object(array['@category', category_id::text]) $$;--> statement-breakpoint
CREATE INDEX "products_catalog_idx" ON "products" USING gin ("search_vector",catalog_keys("specs", "category_id") jsonb_path_ops);--> statement-breakpoint
DROP INDEX "products_specs_idx";--> statement-breakpoint
DROP INDEX "products_search_idx";
