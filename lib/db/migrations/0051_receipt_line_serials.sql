ALTER TABLE "inbound_receipt_lines" ADD COLUMN "serials" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
-- Receipts recorded before this column kept their serials only in the custody index, by receipt: a receipt with
-- one received line gets them back on that line (those a correction has since taken back left the index).
UPDATE "inbound_receipt_lines" AS "line" SET "serials" = "held"."serials"
FROM (
  SELECT "receipt_id", array_agg("identifier" ORDER BY "id") AS "serials"
  FROM "custody_identifiers"
  WHERE "source" = 'receipt' AND "kind" IN ('serial', 'license_plate')
  GROUP BY "receipt_id"
) AS "held"
WHERE "line"."receipt_id" = "held"."receipt_id" AND "line"."received" > 0
  AND (SELECT count(*) FROM "inbound_receipt_lines" AS "other"
       WHERE "other"."receipt_id" = "line"."receipt_id" AND "other"."received" > 0) = 1;
