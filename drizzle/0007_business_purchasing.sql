CREATE TYPE "public"."quote_status" AS ENUM('requested', 'answered', 'declined', 'accepted', 'expired');--> statement-breakpoint
CREATE TABLE "counters" (
	"name" text PRIMARY KEY NOT NULL,
	"value" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quotes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_number" integer GENERATED ALWAYS AS IDENTITY (sequence name "quotes_quote_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1001 CACHE 1),
	"user_id" text,
	"email" text NOT NULL,
	"buyer_name" text NOT NULL,
	"product_id" uuid,
	"item_name" text NOT NULL,
	"sku" text NOT NULL,
	"quantity" integer NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" "quote_status" DEFAULT 'requested' NOT NULL,
	"unit_price_cents" integer,
	"valid_until" timestamp with time zone,
	"reply" text,
	"answered_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "quotes_quote_number_unique" UNIQUE("quote_number"),
	CONSTRAINT "quotes_quantity_positive" CHECK ("quotes"."quantity" > 0),
	CONSTRAINT "quotes_unit_price_positive" CHECK ("quotes"."unit_price_cents" is null or "quotes"."unit_price_cents" > 0)
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "order_number" integer NOT NULL GENERATED ALWAYS AS IDENTITY (sequence name "orders_order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 10001 CACHE 1);--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "company" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "po_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "hold_reminder_sent_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "invoice_number" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "quote_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "shipped_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quotes_user_created_idx" ON "quotes" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "quotes_status_created_idx" ON "quotes" USING btree ("status","created_at");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_order_number_unique" UNIQUE("order_number");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_invoice_number_unique" UNIQUE("invoice_number");--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_quote_id_unique" UNIQUE("quote_id");--> statement-breakpoint
-- Hand-written: orders that were already past 'unpaid' get the time of their last change as the time of
-- that state (the best record there is), and paid or shipped orders get invoice numbers in the order
-- they were paid; the invoice counter starts after them.
UPDATE "orders" SET "paid_at" = "updated_at" WHERE "status" IN ('paid', 'shipped');--> statement-breakpoint
UPDATE "orders" SET "shipped_at" = "updated_at" WHERE "status" = 'shipped';--> statement-breakpoint
UPDATE "orders" SET "closed_at" = "updated_at" WHERE "status" IN ('cancelled', 'expired');--> statement-breakpoint
UPDATE "orders" SET "invoice_number" = numbered."n"
FROM (
  SELECT "id", row_number() OVER (ORDER BY "updated_at", "id") AS "n"
  FROM "orders" WHERE "status" IN ('paid', 'shipped')
) AS numbered
WHERE "orders"."id" = numbered."id";--> statement-breakpoint
INSERT INTO "counters" ("name", "value")
SELECT 'invoice', count(*) FROM "orders" WHERE "status" IN ('paid', 'shipped');
