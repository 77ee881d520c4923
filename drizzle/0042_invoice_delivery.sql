CREATE TYPE "public"."invoice_delivery" AS ENUM('pdf', 'ubl', 'both');--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "billing_email" text;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "invoice_delivery" "invoice_delivery" DEFAULT 'pdf' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "peppol_id" text;