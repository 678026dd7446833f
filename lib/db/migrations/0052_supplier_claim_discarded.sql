ALTER TYPE "public"."supplier_claim_event_kind" ADD VALUE 'discarded';--> statement-breakpoint
ALTER TYPE "public"."supplier_claim_status" ADD VALUE 'DISCARDED';