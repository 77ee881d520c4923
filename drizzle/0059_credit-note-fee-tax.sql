ALTER TABLE "credit_notes" DROP CONSTRAINT "credit_notes_total_adds_up";--> statement-breakpoint
ALTER TABLE "credit_notes" ADD COLUMN "restocking_fee_tax_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_total_adds_up" CHECK ("credit_notes"."amount_cents" = "credit_notes"."subtotal_cents" + "credit_notes"."freight_cents" + "credit_notes"."tax_cents" - ("credit_notes"."restocking_fee_cents" - "credit_notes"."restocking_fee_tax_cents"));--> statement-breakpoint
-- Credit notes issued before: their tax was stored before the fee's tax was taken off. Each note's fee
-- tax by the breakdown's rule (shared/domain/document-breakdown.ts): the fee shared among the credited
-- goods' rates by their amounts with tax, the leftover cents to the largest remainders (the higher rate
-- first on a tie), each share's tax its gross less its net at its rate, rounded half up.
WITH "goods" AS (
  SELECT "cnl"."credit_note_id", "ol"."tax_rate" AS "rate",
    SUM("cnl"."amount_cents" + "cnl"."tax_cents")::bigint AS "weight"
  FROM "credit_note_lines" "cnl"
  JOIN "credit_notes" "cn" ON "cn"."id" = "cnl"."credit_note_id"
  JOIN "order_lines" "ol" ON "ol"."order_id" = "cnl"."order_id" AND "ol"."line_number" = "cnl"."line_number"
  WHERE "cn"."restocking_fee_cents" > 0 AND "cn"."restocking_fee_tax_cents" = 0
  GROUP BY "cnl"."credit_note_id", "ol"."tax_rate"
  HAVING SUM("cnl"."amount_cents" + "cnl"."tax_cents") > 0
), "split" AS (
  SELECT "g"."credit_note_id", "g"."rate", "cn"."restocking_fee_cents"::bigint AS "fee",
    ("cn"."restocking_fee_cents"::bigint * "g"."weight") / (SUM("g"."weight") OVER (PARTITION BY "g"."credit_note_id"))::bigint AS "floor",
    ("cn"."restocking_fee_cents"::bigint * "g"."weight") % (SUM("g"."weight") OVER (PARTITION BY "g"."credit_note_id"))::bigint AS "remainder"
  FROM "goods" "g" JOIN "credit_notes" "cn" ON "cn"."id" = "g"."credit_note_id"
), "ranked" AS (
  SELECT "credit_note_id", "rate", "floor",
    "fee" - SUM("floor") OVER (PARTITION BY "credit_note_id") AS "leftover",
    ROW_NUMBER() OVER (PARTITION BY "credit_note_id" ORDER BY "remainder" DESC, "rate" DESC) AS "place"
  FROM "split"
), "shares" AS (
  SELECT "credit_note_id", "rate", "floor" + CASE WHEN "place" <= "leftover" THEN 1 ELSE 0 END AS "share"
  FROM "ranked"
), "fee_tax" AS (
  SELECT "credit_note_id",
    SUM("share" - ("share" * 200000 + (100000 + "rate")) / (2 * (100000 + "rate")))::integer AS "cents"
  FROM "shares" GROUP BY "credit_note_id"
)
UPDATE "credit_notes" SET
  "restocking_fee_tax_cents" = "fee_tax"."cents",
  "tax_cents" = "credit_notes"."tax_cents" - "fee_tax"."cents"
FROM "fee_tax"
WHERE "credit_notes"."id" = "fee_tax"."credit_note_id";
