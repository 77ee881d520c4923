ALTER TYPE "public"."audit_action" ADD VALUE 'company.vat_verification';--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "vat_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "vat_verified_by" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "freight_taxes" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_zones" ADD COLUMN "registration" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_zones" ADD COLUMN "taxes_freight" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "tax_zones" SET "taxes_freight" = true WHERE "country" IN ('AT','BE','BG','CY','CZ','DE','DK','EE','ES','FI','FR','GR','HR','HU','IE','IT','LT','LU','LV','MT','NL','PL','PT','RO','SE','SI','SK');
