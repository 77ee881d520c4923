CREATE TYPE "public"."refund_status" AS ENUM('pending', 'succeeded', 'failed');--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'order.cancel';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'order.cancellation_refused';--> statement-breakpoint
CREATE TABLE "credit_note_lines" (
	"credit_note_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"line_number" smallint NOT NULL,
	"quantity" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"tax_cents" integer NOT NULL,
	CONSTRAINT "credit_note_lines_credit_note_id_line_number_pk" PRIMARY KEY("credit_note_id","line_number"),
	CONSTRAINT "credit_note_lines_quantity_positive" CHECK ("credit_note_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer NOT NULL,
	"order_id" uuid NOT NULL,
	"issued_at" timestamp (3) with time zone NOT NULL,
	"reason" text NOT NULL,
	"subtotal_cents" integer NOT NULL,
	"freight_cents" integer DEFAULT 0 NOT NULL,
	"freight_taxes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tax_cents" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"issued_by" text,
	CONSTRAINT "credit_notes_number_unique" UNIQUE("number"),
	CONSTRAINT "credit_notes_amount_positive" CHECK ("credit_notes"."amount_cents" > 0),
	CONSTRAINT "credit_notes_total_adds_up" CHECK ("credit_notes"."amount_cents" = "credit_notes"."subtotal_cents" + "credit_notes"."freight_cents" + "credit_notes"."tax_cents")
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"credit_note_id" uuid,
	"amount_cents" integer NOT NULL,
	"method" "payment_method" NOT NULL,
	"status" "refund_status" NOT NULL,
	"provider_refund_id" text,
	"failure" text,
	"requested_at" timestamp (3) with time zone NOT NULL,
	"settled_at" timestamp (3) with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "refunds_provider_refund_id_unique" UNIQUE("provider_refund_id"),
	CONSTRAINT "refunds_amount_positive" CHECK ("refunds"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE TABLE "test_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"intent_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_refunds_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "order_lines" DROP CONSTRAINT "order_lines_backorder_range";--> statement-breakpoint
ALTER TABLE "order_lines" DROP CONSTRAINT "order_lines_shipped_range";--> statement-breakpoint
DROP INDEX "ledger_entries_one_invoice";--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "credit_note_id" uuid;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "cancelled_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancellation_requested_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancellation_requested_by" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancellation_reason" text;--> statement-breakpoint
ALTER TABLE "credit_note_lines" ADD CONSTRAINT "credit_note_lines_credit_note_id_credit_notes_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."credit_notes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_note_lines" ADD CONSTRAINT "credit_note_lines_order_id_line_number_order_lines_order_id_line_number_fk" FOREIGN KEY ("order_id","line_number") REFERENCES "public"."order_lines"("order_id","line_number") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_credit_note_id_credit_notes_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."credit_notes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_refunds" ADD CONSTRAINT "test_refunds_intent_id_test_payment_intents_id_fk" FOREIGN KEY ("intent_id") REFERENCES "public"."test_payment_intents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_note_lines_order_idx" ON "credit_note_lines" USING btree ("order_id","line_number");--> statement-breakpoint
CREATE INDEX "credit_notes_order_idx" ON "credit_notes" USING btree ("order_id","issued_at");--> statement-breakpoint
CREATE INDEX "refunds_order_idx" ON "refunds" USING btree ("order_id","requested_at");--> statement-breakpoint
CREATE INDEX "refunds_pending_idx" ON "refunds" USING btree ("requested_at") WHERE "refunds"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "refunds_one_per_credit_note" ON "refunds" USING btree ("credit_note_id");--> statement-breakpoint
CREATE INDEX "test_refunds_intent_idx" ON "test_refunds" USING btree ("intent_id");--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_credit_note_id_credit_notes_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."credit_notes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_entries_one_invoice" ON "ledger_entries" USING btree ("order_id") WHERE "ledger_entries"."order_id" is not null and "ledger_entries"."kind" = 'invoice';--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD CONSTRAINT "ledger_entries_credit_note_id_unique" UNIQUE("credit_note_id");--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_cancelled_range" CHECK ("order_lines"."cancelled_quantity" between 0 and "order_lines"."quantity");--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_backorder_range" CHECK ("order_lines"."backordered_units" between 0 and "order_lines"."quantity" - "order_lines"."cancelled_quantity");--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_shipped_range" CHECK ("order_lines"."shipped_quantity" between 0 and "order_lines"."quantity" - "order_lines"."backordered_units" - "order_lines"."cancelled_quantity");--> statement-breakpoint
-- Orders cancelled with a credit note before credit notes had rows of their own: one credit note each,
-- of every line, the freight and all the tax, dated when the order was credited.
INSERT INTO "credit_notes" ("number", "order_id", "issued_at", "reason", "subtotal_cents", "freight_cents", "freight_taxes", "tax_cents", "amount_cents", "issued_by")
SELECT "credit_note_number", "id", coalesce("credited_at", "closed_at", "updated_at"), 'Order cancelled',
  "subtotal_cents", coalesce("freight_cents", 0), "freight_taxes", "tax_cents", "amount_cents", NULL
FROM "orders" WHERE "credit_note_number" IS NOT NULL;
--> statement-breakpoint
INSERT INTO "credit_note_lines" ("credit_note_id", "order_id", "line_number", "quantity", "amount_cents", "tax_cents")
SELECT c."id", l."order_id", l."line_number", l."quantity", l."amount_cents", l."tax_cents"
FROM "credit_notes" c JOIN "order_lines" l ON l."order_id" = c."order_id";
--> statement-breakpoint
-- A closed order's units that never shipped are cancelled, as closing one cancels them from now on.
UPDATE "order_lines" l SET "cancelled_quantity" = l."quantity" - l."shipped_quantity", "backordered_units" = 0
FROM "orders" o WHERE o."id" = l."order_id" AND o."status"::text IN ('cancelled', 'expired', 'rejected');
--> statement-breakpoint
UPDATE "ledger_entries" e SET "credit_note_id" = c."id"
FROM "credit_notes" c WHERE e."kind" = 'credit_note' AND e."order_id" = c."order_id";
--> statement-breakpoint
-- Payments refunded because they arrived after their order closed: a settled card refund each.
INSERT INTO "refunds" ("order_id", "amount_cents", "method", "status", "provider_refund_id", "requested_at", "settled_at", "attempts")
SELECT "id", "amount_cents", 'card', 'succeeded', "refund_id", coalesce("refunded_at", "updated_at"), coalesce("refunded_at", "updated_at"), 1
FROM "orders" WHERE "refund_id" IS NOT NULL;
--> statement-breakpoint
INSERT INTO "test_refunds" ("id", "intent_id", "amount_cents", "idempotency_key", "created_at")
SELECT "refund_id", "id", "amount_cents", 'refund-' || "id", "updated_at"
FROM "test_payment_intents" WHERE "refund_id" IS NOT NULL;
