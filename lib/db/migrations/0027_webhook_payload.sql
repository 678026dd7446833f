-- `kind` becomes the published webhook-kind enum (redo | loop); the payload choice it used to hold moves to
-- its own column `payload`. Data move: kind 'snapshot' -> payload 'snapshot', kind 'thin' -> payload 'thin';
-- every existing webhook then gets the published default kind 'redo' (the old values had no published meaning).
-- `extra_event_types` lists the event types beyond the published backfill/created/updated that a webhook opted
-- in to (deleted, test); existing webhooks start with none.
CREATE TYPE "public"."webhook_payload" AS ENUM('snapshot', 'thin');--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "payload" "webhook_payload" DEFAULT 'snapshot' NOT NULL;--> statement-breakpoint
UPDATE "webhooks" SET "payload" = "kind"::text::"public"."webhook_payload";--> statement-breakpoint
ALTER TABLE "webhooks" ALTER COLUMN "kind" DROP DEFAULT;--> statement-breakpoint
ALTER TABLE "webhooks" ALTER COLUMN "kind" SET DATA TYPE text;--> statement-breakpoint
DROP TYPE "public"."webhook_kind";--> statement-breakpoint
CREATE TYPE "public"."webhook_kind" AS ENUM('redo', 'loop');--> statement-breakpoint
UPDATE "webhooks" SET "kind" = 'redo';--> statement-breakpoint
ALTER TABLE "webhooks" ALTER COLUMN "kind" SET DATA TYPE "public"."webhook_kind" USING "kind"::"public"."webhook_kind";--> statement-breakpoint
ALTER TABLE "webhooks" ALTER COLUMN "kind" SET DEFAULT 'redo'::"public"."webhook_kind";--> statement-breakpoint
ALTER TABLE "webhooks" ADD COLUMN "extra_event_types" "event_type"[] DEFAULT '{}' NOT NULL;
