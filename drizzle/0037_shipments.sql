ALTER TYPE "public"."order_status" ADD VALUE 'partially_shipped';--> statement-breakpoint
CREATE TABLE "shipment_lines" (
	"shipment_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"line_number" smallint NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "shipment_lines_shipment_id_line_number_pk" PRIMARY KEY("shipment_id","line_number"),
	CONSTRAINT "shipment_lines_quantity_positive" CHECK ("shipment_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "shipments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"carrier" text NOT NULL,
	"tracking_number" text,
	"shipped_at" timestamp (3) with time zone NOT NULL,
	"shipped_by" text
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "shipped_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD CONSTRAINT "shipment_lines_shipment_id_shipments_id_fk" FOREIGN KEY ("shipment_id") REFERENCES "public"."shipments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD CONSTRAINT "shipment_lines_order_id_line_number_order_lines_order_id_line_number_fk" FOREIGN KEY ("order_id","line_number") REFERENCES "public"."order_lines"("order_id","line_number") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipments" ADD CONSTRAINT "shipments_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "shipments_order_idx" ON "shipments" USING btree ("order_id","shipped_at");--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_shipped_range" CHECK ("order_lines"."shipped_quantity" between 0 and "order_lines"."quantity" - "order_lines"."backordered_units");--> statement-breakpoint
-- Orders shipped before shipments existed: one shipment each, of every unit, at the order's shipping
-- time and with its carrier and tracking number (who sent it was not kept).
INSERT INTO "shipments" ("order_id", "carrier", "tracking_number", "shipped_at", "shipped_by")
SELECT "id", coalesce("carrier", 'not recorded'), "tracking_number", "shipped_at", NULL
FROM "orders" o WHERE o."status"::text = 'shipped' AND o."shipped_at" IS NOT NULL
  AND EXISTS (SELECT 1 FROM "order_lines" l WHERE l."order_id" = o."id" AND l."quantity" > l."backordered_units");
--> statement-breakpoint
INSERT INTO "shipment_lines" ("shipment_id", "order_id", "line_number", "quantity")
SELECT s."id", l."order_id", l."line_number", l."quantity" - l."backordered_units"
FROM "shipments" s JOIN "order_lines" l ON l."order_id" = s."order_id"
WHERE l."quantity" - l."backordered_units" > 0;
--> statement-breakpoint
UPDATE "order_lines" l SET "shipped_quantity" = l."quantity" - l."backordered_units"
FROM "shipments" s WHERE s."order_id" = l."order_id";
