CREATE TYPE "public"."return_status" AS ENUM('requested', 'approved', 'rejected', 'received', 'refunded');--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'return.decide';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'return.receive';--> statement-breakpoint
ALTER TYPE "public"."audit_action" ADD VALUE 'return.refund';--> statement-breakpoint
CREATE TABLE "return_lines" (
	"return_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"line_number" smallint NOT NULL,
	"quantity" integer NOT NULL,
	"reason" text NOT NULL,
	"resellable_quantity" integer DEFAULT 0 NOT NULL,
	"damaged_quantity" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "return_lines_return_id_line_number_pk" PRIMARY KEY("return_id","line_number"),
	CONSTRAINT "return_lines_quantity_positive" CHECK ("return_lines"."quantity" > 0),
	CONSTRAINT "return_lines_received_range" CHECK ("return_lines"."resellable_quantity" >= 0 and "return_lines"."damaged_quantity" >= 0 and "return_lines"."resellable_quantity" + "return_lines"."damaged_quantity" <= "return_lines"."quantity")
);
--> statement-breakpoint
CREATE TABLE "returns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer NOT NULL,
	"order_id" uuid NOT NULL,
	"status" "return_status" DEFAULT 'requested' NOT NULL,
	"requested_by" text NOT NULL,
	"requested_at" timestamp (3) with time zone NOT NULL,
	"note" text,
	"decided_by" text,
	"decided_at" timestamp (3) with time zone,
	"instructions" text,
	"rejection_reason" text,
	"received_by" text,
	"received_at" timestamp (3) with time zone,
	"credit_note_id" uuid,
	"refunded_at" timestamp (3) with time zone,
	"updated_at" timestamp (3) with time zone NOT NULL,
	CONSTRAINT "returns_number_unique" UNIQUE("number"),
	CONSTRAINT "returns_credit_note_id_unique" UNIQUE("credit_note_id")
);
--> statement-breakpoint
ALTER TABLE "credit_notes" DROP CONSTRAINT "credit_notes_total_adds_up";--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "restocking_fee_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "returned_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_order_id_line_number_order_lines_order_id_line_number_fk" FOREIGN KEY ("order_id","line_number") REFERENCES "public"."order_lines"("order_id","line_number") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_credit_note_id_credit_notes_id_fk" FOREIGN KEY ("credit_note_id") REFERENCES "public"."credit_notes"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "returns_order_idx" ON "returns" USING btree ("order_id","requested_at");--> statement-breakpoint
CREATE INDEX "returns_status_idx" ON "returns" USING btree ("status","requested_at");--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_total_adds_up" CHECK ("credit_notes"."amount_cents" = "credit_notes"."subtotal_cents" + "credit_notes"."freight_cents" + "credit_notes"."tax_cents" - "credit_notes"."restocking_fee_cents");--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_returned_range" CHECK ("order_lines"."returned_quantity" between 0 and "order_lines"."shipped_quantity");--> statement-breakpoint
-- Returns are numbered in a gapless series of their own (RMA-000001).
INSERT INTO "counters" ("name", "value") VALUES ('return', 0) ON CONFLICT ("name") DO NOTHING;
