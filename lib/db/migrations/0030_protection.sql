ALTER TABLE "orders" ADD COLUMN "returns_coverage" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "package_protection" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "final_sale_coverage" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "returns" ADD COLUMN "label_payer" text;--> statement-breakpoint
ALTER TABLE "returns" ADD COLUMN "label_payer_reason" text;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_label_payer_check" CHECK (("returns"."label_payer" is null) = ("returns"."label_payer_reason" is null)
        and ("returns"."label_payer" is null or "returns"."label_payer" in ('customer', 'merchant', 'redo'))
        and ("returns"."label_payer_reason" is null
          or "returns"."label_payer_reason" in ('REDO_PAYS_ALL_LABELS', 'REDO_ORDER_HAS_FINAL_SALE_PROTECTION', 'REDO_ORDER_HAS_RETURNS_COVERAGE', 'REDO_ORDER_HAS_WARRANTY_COVERAGE', 'REDO_RECYCLING_SETTING', 'MERCHANT_DAMAGED_OR_WRONG_PRODUCT', 'MERCHANT_SAFETY_NET', 'MERCHANT_RECYCLING_SETTING', 'SHOPPER_UNCOVERED', 'SHOPPER_RECYCLING_SETTING')));--> statement-breakpoint
-- Assessment responses take the published value type of their kind: a multiple choice becomes a `select`
-- of one option, a yes/no a JSON boolean and a score a JSON number; an unknown kind becomes short text.
UPDATE "return_item_assessments" SET "responses" = (
  SELECT coalesce(jsonb_agg(
    CASE r->>'type'
      WHEN 'multiple_choice' THEN jsonb_build_object('type', 'select', 'value', jsonb_build_array(r->>'value'))
      WHEN 'select' THEN CASE WHEN jsonb_typeof(r->'value') = 'array' THEN r
        ELSE jsonb_build_object('type', 'select', 'value', jsonb_build_array(r->>'value')) END
      WHEN 'boolean' THEN CASE WHEN r->>'value' IN ('true', 'false')
        THEN jsonb_build_object('type', 'boolean', 'value', (r->>'value')::boolean)
        ELSE jsonb_build_object('type', 'short_text', 'value', r->>'value') END
      WHEN 'number' THEN CASE WHEN r->>'value' ~ '^-?[0-9]+(\.[0-9]+)?$'
        THEN jsonb_build_object('type', 'number', 'value', (r->>'value')::numeric)
        ELSE jsonb_build_object('type', 'short_text', 'value', r->>'value') END
      WHEN 'short_text' THEN r
      WHEN 'long_text' THEN r
      WHEN 'file_upload' THEN r
      WHEN 'date' THEN r
      ELSE jsonb_build_object('type', 'short_text', 'value', r->>'value')
    END ORDER BY ordinality), '[]'::jsonb)
  FROM jsonb_array_elements("responses") WITH ORDINALITY AS e(r, ordinality)
);
