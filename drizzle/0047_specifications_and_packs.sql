ALTER TYPE "public"."audit_action" ADD VALUE 'category.attributes';--> statement-breakpoint
ALTER TABLE "categories" ADD COLUMN "attributes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "specs" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "unit" text DEFAULT 'EA' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "order_multiple" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "lead_time_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "products_specs_idx" ON "products" USING gin ("specs" jsonb_path_ops);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_specs_object" CHECK (jsonb_typeof("products"."specs") = 'object');--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_order_multiple_positive" CHECK ("products"."order_multiple" > 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_lead_time_not_negative" CHECK ("products"."lead_time_days" >= 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_unit_code" CHECK ("products"."unit" ~ '^[A-Z0-9]{1,3}$');