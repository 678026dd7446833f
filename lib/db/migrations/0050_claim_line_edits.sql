ALTER TYPE "public"."supplier_claim_event_kind" ADD VALUE 'line_edited';--> statement-breakpoint
ALTER TYPE "public"."supplier_claim_event_kind" ADD VALUE 'line_removed';--> statement-breakpoint
ALTER TABLE "supplier_claim_lines" DROP CONSTRAINT "supplier_claim_lines_quantity_positive";--> statement-breakpoint
ALTER TABLE "supplier_claim_lines" ADD COLUMN "waived_quantity" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "stores" ADD CONSTRAINT "stores_supplier_claim_due_days_range" CHECK ("stores"."supplier_claim_due_days" between 1 and 365);--> statement-breakpoint
ALTER TABLE "supplier_claim_lines" ADD CONSTRAINT "supplier_claim_lines_quantity_recorded" CHECK ("supplier_claim_lines"."quantity" >= 0 and "supplier_claim_lines"."waived_quantity" >= 0 and "supplier_claim_lines"."quantity" + "supplier_claim_lines"."waived_quantity" > 0);