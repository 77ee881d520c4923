ALTER TABLE "products" ADD COLUMN "tax_class" "tax_class" DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "weight_grams" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "units_per_carton" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_weight_not_negative" CHECK ("products"."weight_grams" >= 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_units_per_carton_positive" CHECK ("products"."units_per_carton" > 0);