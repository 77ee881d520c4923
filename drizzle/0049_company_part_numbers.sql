ALTER TYPE "public"."audit_action" ADD VALUE 'company.part_numbers';--> statement-breakpoint
CREATE TABLE "company_part_numbers" (
	"company_id" uuid NOT NULL,
	"sku" text NOT NULL,
	"part_number" text NOT NULL,
	CONSTRAINT "company_part_numbers_company_id_sku_pk" PRIMARY KEY("company_id","sku"),
	CONSTRAINT "company_part_numbers_sku_upper" CHECK ("company_part_numbers"."sku" = upper("company_part_numbers"."sku"))
);
--> statement-breakpoint
ALTER TABLE "company_part_numbers" ADD CONSTRAINT "company_part_numbers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_part_numbers_number_idx" ON "company_part_numbers" USING btree ("company_id",upper("part_number"));