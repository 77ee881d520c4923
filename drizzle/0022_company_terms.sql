CREATE TYPE "public"."payment_terms" AS ENUM('card', 'net15', 'net30', 'net60');--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'company.terms';--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "payment_terms" "payment_terms" DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "credit_limit_cents" integer DEFAULT 0 NOT NULL;