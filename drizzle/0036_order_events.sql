CREATE TABLE "order_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "order_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"order_id" uuid NOT NULL,
	"at" timestamp (3) with time zone NOT NULL,
	"event" text NOT NULL,
	"from_status" text,
	"to_status" text NOT NULL,
	"actor" text,
	"note" text
);
--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_order_idx" ON "order_events" USING btree ("order_id","id");--> statement-breakpoint
-- Orders placed before the timeline existed: their steps as the order's own stamps tell them (who
-- took a step is known only for placing and an approver's decision; a closed order's state before is
-- not kept, so its from_status stays empty). The states are text, here and in the table: an enum value
-- that an earlier migration of the same run added cannot be used as an enum yet. An order placed
-- before awaiting_freight existed is shown placed as it then was.
INSERT INTO "order_events" ("order_id", "at", "event", "from_status", "to_status", "actor", "note")
SELECT "id", "at", "event", "from_status", "to_status", "actor", "note"
FROM (
  SELECT o."id", o."created_at" AS "at", 0 AS "step", 'placed' AS "event", NULL AS "from_status",
    CASE WHEN o."status"::text = 'awaiting_freight' THEN 'awaiting_freight'
         WHEN o."approval_required" AND NOT o."approved_automatically" THEN 'awaiting_approval'
         WHEN o."payment_method" = 'account' THEN 'on_account'
         ELSE 'unpaid' END AS "to_status",
    o."email" AS "actor", NULL AS "note"
  FROM "orders" o
  UNION ALL
  SELECT o."id", o."decided_at", 1, 'approved', 'awaiting_approval',
    CASE WHEN o."payment_method" = 'account' THEN 'on_account' ELSE 'unpaid' END, o."decided_by", NULL
  FROM "orders" o
  WHERE o."approval_required" AND NOT o."approved_automatically" AND o."decided_at" IS NOT NULL
    AND o."status"::text <> 'rejected'
  UNION ALL
  SELECT o."id", o."paid_at", 2, 'paid', 'unpaid', 'paid', NULL, NULL
  FROM "orders" o WHERE o."paid_at" IS NOT NULL
  UNION ALL
  SELECT o."id", o."shipped_at", 3, 'shipped',
    CASE WHEN o."payment_method" = 'account' THEN 'on_account' ELSE 'paid' END, 'shipped', NULL, NULL
  FROM "orders" o WHERE o."shipped_at" IS NOT NULL
  UNION ALL
  SELECT o."id", o."closed_at", 4, o."status"::text, NULL, o."status"::text,
    CASE WHEN o."status"::text = 'rejected' THEN o."decided_by" END, o."rejection_reason"
  FROM "orders" o
  WHERE o."closed_at" IS NOT NULL AND o."status"::text IN ('cancelled', 'expired', 'rejected')
) AS "steps"
ORDER BY "at", "step";
