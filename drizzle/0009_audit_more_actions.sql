ALTER TYPE "public"."audit_action" ADD VALUE 'user.revoke_admin';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'upload.add';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'orders.export';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'products.export';