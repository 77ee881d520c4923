ALTER TYPE "public"."audit_action" ADD VALUE 'price_list.save';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'price_list.delete';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'company.price_lists';--> statement-breakpoint
CREATE TABLE "company_price_lists" (
	"company_id" uuid NOT NULL,
	"price_list_id" uuid NOT NULL,
	"priority" integer NOT NULL,
	CONSTRAINT "company_price_lists_company_id_price_list_id_pk" PRIMARY KEY("company_id","price_list_id")
);
--> statement-breakpoint
CREATE TABLE "price_list_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"price_list_id" uuid NOT NULL,
	"sku" text NOT NULL,
	"price_tiers" jsonb,
	"percent_off_basis_points" integer,
	"valid_from" date,
	"valid_to" date,
	"position" integer NOT NULL,
	CONSTRAINT "price_list_entries_one_price" CHECK (("price_list_entries"."price_tiers" is null) <> ("price_list_entries"."percent_off_basis_points" is null)),
	CONSTRAINT "price_list_entries_percent_range" CHECK ("price_list_entries"."percent_off_basis_points" is null or "price_list_entries"."percent_off_basis_points" between 1 and 10000),
	CONSTRAINT "price_list_entries_validity" CHECK ("price_list_entries"."valid_from" is null or "price_list_entries"."valid_to" is null or "price_list_entries"."valid_from" <= "price_list_entries"."valid_to")
);
--> statement-breakpoint
CREATE TABLE "price_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"valid_from" date,
	"valid_to" date,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_lists_name_unique" UNIQUE("name"),
	CONSTRAINT "price_lists_validity" CHECK ("price_lists"."valid_from" is null or "price_lists"."valid_to" is null or "price_lists"."valid_from" <= "price_lists"."valid_to")
);
--> statement-breakpoint
ALTER TABLE "company_price_lists" ADD CONSTRAINT "company_price_lists_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_price_lists" ADD CONSTRAINT "company_price_lists_price_list_id_price_lists_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."price_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_entries" ADD CONSTRAINT "price_list_entries_price_list_id_price_lists_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."price_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "company_price_lists_list_idx" ON "company_price_lists" USING btree ("price_list_id");--> statement-breakpoint
CREATE INDEX "price_list_entries_sku_idx" ON "price_list_entries" USING btree ("sku","price_list_id");--> statement-breakpoint
CREATE INDEX "price_list_entries_list_idx" ON "price_list_entries" USING btree ("price_list_id","position");