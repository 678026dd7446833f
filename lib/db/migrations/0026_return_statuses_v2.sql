-- Return statuses become the package's published 10 values (docs/spec/decisions.md §5, docs/returns-lifecycle.md),
-- and flagging becomes the status `flagged` instead of the tag `flagged`.
--
--   old status       new status
--   manual_review -> pre_shipment
--   open          -> open
--   transit       -> in_transit
--   delivered     -> delivered
--   closed        -> complete
--   cancelled     -> rejected
--   (tag flagged) -> flagged; the mapped status is kept in status_before_flag (unflag restores it), the tag is removed
--
-- Saved views of the returns list whose query names an old status (`status=<old>`), and the `from`/`to` of past
-- status changes in return_activities (the timeline), are rewritten the same way.
ALTER TABLE "returns" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
ALTER TYPE "public"."return_status" RENAME TO "return_status_before_0026";--> statement-breakpoint
CREATE TYPE "public"."return_status" AS ENUM('open', 'in_transit', 'delivered', 'needs_review', 'in_review', 'complete', 'rejected', 'flagged', 'pre_shipment', 'deleted');--> statement-breakpoint
ALTER TABLE "returns" ALTER COLUMN "status" SET DATA TYPE "public"."return_status" USING (CASE "status"::text
  WHEN 'manual_review' THEN 'pre_shipment'
  WHEN 'transit' THEN 'in_transit'
  WHEN 'closed' THEN 'complete'
  WHEN 'cancelled' THEN 'rejected'
  ELSE "status"::text
END)::"public"."return_status";--> statement-breakpoint
ALTER TABLE "returns" ALTER COLUMN "status" SET DEFAULT 'open'::"public"."return_status";--> statement-breakpoint
DROP TYPE "public"."return_status_before_0026";--> statement-breakpoint
ALTER TABLE "returns" ADD COLUMN "status_before_flag" "return_status";--> statement-breakpoint
UPDATE "returns" SET "status_before_flag" = "status", "status" = 'flagged'
  WHERE EXISTS (SELECT 1 FROM "return_tags" t WHERE t."return_id" = "returns"."id" AND t."name" = 'flagged');--> statement-breakpoint
DELETE FROM "return_tags" WHERE "name" = 'flagged';--> statement-breakpoint
UPDATE "saved_views" SET "query" = regexp_replace("query",
    '(^|&)status=(manual_review|transit|closed|cancelled)(&|$)',
    '\1status=' || (CASE substring("query" FROM '(?:^|&)status=(manual_review|transit|closed|cancelled)(?:&|$)')
      WHEN 'manual_review' THEN 'pre_shipment'
      WHEN 'transit' THEN 'in_transit'
      WHEN 'closed' THEN 'complete'
      ELSE 'rejected'
    END) || '\3')
  WHERE "list" = 'returns' AND "query" ~ '(^|&)status=(manual_review|transit|closed|cancelled)(&|$)';;--> statement-breakpoint
UPDATE "return_activities" SET "details" = "details"
  || jsonb_build_object('from', CASE "details"->>'from' WHEN 'manual_review' THEN 'pre_shipment' WHEN 'transit' THEN 'in_transit'
       WHEN 'closed' THEN 'complete' WHEN 'cancelled' THEN 'rejected' ELSE "details"->>'from' END)
  || jsonb_build_object('to', CASE "details"->>'to' WHEN 'manual_review' THEN 'pre_shipment' WHEN 'transit' THEN 'in_transit'
       WHEN 'closed' THEN 'complete' WHEN 'cancelled' THEN 'rejected' ELSE "details"->>'to' END)
  WHERE "kind" = 'status_changed';
