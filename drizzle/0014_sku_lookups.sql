CREATE INDEX "products_sku_trgm_idx" ON "products" USING gist ("sku" gist_trgm_ops);--> statement-breakpoint
-- Every way in (the product forms, the CSV import) writes SKUs upper case; a row written otherwise
-- is made so before the rule holds.
UPDATE "products" SET "sku" = upper("sku") WHERE "sku" <> upper("sku");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_sku_upper" CHECK ("products"."sku" = upper("products"."sku"));