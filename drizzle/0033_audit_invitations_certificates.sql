ALTER TYPE "public"."audit_action" ADD VALUE 'company.invitation_revoke';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'tax_certificate.upload';