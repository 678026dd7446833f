ALTER TYPE "public"."event_type" ADD VALUE 'deleted' BEFORE 'backfill';--> statement-breakpoint
ALTER TYPE "public"."webhook_topic" ADD VALUE 'inventory_item';--> statement-breakpoint
ALTER TYPE "public"."webhook_topic" ADD VALUE 'inbound_shipment';