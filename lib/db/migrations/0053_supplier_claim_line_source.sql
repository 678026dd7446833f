ALTER TABLE "supplier_claim_lines" ADD COLUMN "source" text;--> statement-breakpoint
-- Lines drafted before the column: read from the ids they hold, as the answers did until now.
UPDATE "supplier_claim_lines" SET "source" = CASE
  WHEN "receipt_id" IS NOT NULL THEN 'receipt' WHEN "return_id" IS NOT NULL THEN 'return' ELSE 'manual' END;--> statement-breakpoint
ALTER TABLE "supplier_claim_lines" ALTER COLUMN "source" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "supplier_claim_lines" ADD CONSTRAINT "supplier_claim_lines_source" CHECK (("supplier_claim_lines"."source" = 'receipt' and "supplier_claim_lines"."receipt_id" is not null and "supplier_claim_lines"."return_id" is null)
        or ("supplier_claim_lines"."source" = 'return' and "supplier_claim_lines"."return_id" is not null and "supplier_claim_lines"."receipt_id" is null)
        or ("supplier_claim_lines"."source" = 'manual' and "supplier_claim_lines"."receipt_id" is null and "supplier_claim_lines"."return_id" is null));