CREATE TYPE "public"."certificate_status" AS ENUM('pending', 'approved', 'rejected');--> statement-breakpoint
CREATE TYPE "public"."freight_kind" AS ENUM('priced', 'free', 'quoted', 'none');--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'order.freight';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'tax_certificate.decide';--> statement-breakpoint
CREATE TABLE "tax_certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"number" text NOT NULL,
	"regions" text[] NOT NULL,
	"expires_on" date NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"content" "bytea" NOT NULL,
	"status" "certificate_status" DEFAULT 'pending' NOT NULL,
	"uploaded_by" text NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"rejection_reason" text,
	"expiry_notice_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tax_certificates_regions_given" CHECK (cardinality("tax_certificates"."regions") between 1 and 100)
);
--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "billing_to" jsonb;--> statement-breakpoint
ALTER TABLE "company_addresses" ADD COLUMN "ship_to" jsonb;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "tax_class" "tax_class" DEFAULT 'standard' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "tax_rate" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "ship_to" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "subtotal_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "freight_cents" integer DEFAULT 0;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "freight_kind" "freight_kind" DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tax_basis" jsonb;--> statement-breakpoint
-- Orders placed before issue 35 were neither taxed nor charged freight: their total is their subtotal.
UPDATE "orders" SET "subtotal_cents" = "amount_cents";--> statement-breakpoint
ALTER TABLE "orders" ALTER COLUMN "subtotal_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "tax_certificates" ADD CONSTRAINT "tax_certificates_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "tax_certificates_company_idx" ON "tax_certificates" USING btree ("company_id","created_at");--> statement-breakpoint
CREATE INDEX "tax_certificates_expiry_idx" ON "tax_certificates" USING btree ("expires_on") WHERE "tax_certificates"."status" = 'approved';--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_total_adds_up" CHECK ("orders"."amount_cents" = "orders"."subtotal_cents" + coalesce("orders"."freight_cents", 0) + "orders"."tax_cents");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_freight_known" CHECK ("orders"."freight_cents" is not null or "orders"."freight_kind" = 'quoted');