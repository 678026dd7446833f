-- Return statuses become the real service's published enum (docs/spec/decisions.md §5).
-- A flagged return keeps its place in the lifecycle (it was flagged while in review, so: delivered) and gets the tag
-- `flagged`, which is how flagging is expressed from now on.
INSERT INTO "return_tags" ("return_id", "name", "source") SELECT "id", 'flagged', 'staff' FROM "returns" WHERE "status" = 'flagged' ON CONFLICT DO NOTHING;--> statement-breakpoint
ALTER TABLE "returns" ALTER COLUMN "status" DROP DEFAULT;--> statement-breakpoint
ALTER TYPE "public"."return_status" RENAME TO "return_status_before_0008";--> statement-breakpoint
CREATE TYPE "public"."return_status" AS ENUM('manual_review', 'open', 'transit', 'delivered', 'cancelled', 'closed');--> statement-breakpoint
ALTER TABLE "returns" ALTER COLUMN "status" SET DATA TYPE "public"."return_status" USING (CASE "status"::text
  WHEN 'pre_shipment' THEN 'manual_review'
  WHEN 'needs_review' THEN 'manual_review'
  WHEN 'in_transit' THEN 'transit'
  WHEN 'in_review' THEN 'delivered'
  WHEN 'flagged' THEN 'delivered'
  WHEN 'complete' THEN 'closed'
  WHEN 'rejected' THEN 'cancelled'
  WHEN 'deleted' THEN 'cancelled'
  ELSE "status"::text
END)::"public"."return_status";--> statement-breakpoint
ALTER TABLE "returns" ALTER COLUMN "status" SET DEFAULT 'open'::"public"."return_status";--> statement-breakpoint
DROP TYPE "public"."return_status_before_0008";
