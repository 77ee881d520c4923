ALTER TYPE "public"."audit_action" ADD VALUE 'company.rules';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'company.member_limit';--> statement-breakpoint
ALTER TYPE "public"."order_status" ADD VALUE 'awaiting_approval';--> statement-breakpoint
ALTER TYPE "public"."order_status" ADD VALUE 'rejected';--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "approval_above_cents" integer;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "monthly_limit_cents" integer;--> statement-breakpoint
ALTER TABLE "companies" ADD COLUMN "auto_approve" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "company_members" ADD COLUMN "monthly_limit_cents" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "approval_required" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "approved_automatically" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "decided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "decided_by" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "rejection_reason" text;