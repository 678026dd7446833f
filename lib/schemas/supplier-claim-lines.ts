import { z } from "zod";
import type { SupplierClaimReason } from "../enums";
import { decimalStringSchema } from "./common";
import { supplierClaimReasonSchema } from "./suppliers";

/**
 * Changing a draft claim's lines (docs/suppliers.md, "Editing a draft's lines"): which reasons a line may take,
 * and the bodies of adding a line by hand and of changing one. Apart from the claim's own shapes (suppliers.ts).
 */

/** The reasons a receipt's discrepant units may be claimed under; `over` and `return_to_vendor` stay as drafted. */
const RECEIPT_DISCREPANCY_REASONS: readonly SupplierClaimReason[] = ["damaged", "missing", "wrong_item"];

/**
 * The reasons a draft's line drafted with `reason` may take (docs/suppliers.md): a receipt's damaged, missing or
 * wrong units any of those three, so the claim still explains the receipt's discrepant units; an over or
 * return_to_vendor line its own, since its units were recorded as that.
 */
export function reasonsAllowedFor(reason: SupplierClaimReason): readonly SupplierClaimReason[] {
  return RECEIPT_DISCREPANCY_REASONS.includes(reason) ? RECEIPT_DISCREPANCY_REASONS : [reason];
}

/** The reasons a line added by hand may take: what staff found on arrival, without a receipt recording it. */
export const MANUAL_LINE_REASONS = [
  "damaged",
  "missing",
  "wrong_item",
] as const satisfies readonly SupplierClaimReason[];

const unitCostInput = decimalStringSchema
  .refine(
    (amount) => Number(amount) >= 0 && /^\d{1,12}(\.\d{1,2})?$/.test(amount),
    "Enter 0 or more, at most 2 decimals.",
  )
  .meta({ description: "What one unit costs, in the claim's currency." });

export const addSupplierClaimLineRequestSchema = z
  .strictObject({
    supplier_claim_line: z.strictObject({
      sku: z
        .string()
        .trim()
        .min(1, "Choose a product.")
        .max(255)
        .meta({ description: "The SKU of one of the store's products." }),
      reason: z.enum(MANUAL_LINE_REASONS, "Choose damaged, missing or wrong_item.").meta({
        description:
          "damaged, missing or wrong_item (over and return_to_vendor come from receipts and returns).",
      }),
      quantity: z
        .int("Enter a whole number of units.")
        .min(1, "Claim at least 1 unit.")
        .max(1_000_000)
        .meta({ description: "Units claimed." }),
      unit_cost: unitCostInput,
      note: z.string().trim().max(1000, "Use at most 1,000 characters.").optional(),
    }),
  })
  .meta({ id: "AddSupplierClaimLineRequest" });
export type AddSupplierClaimLineInput = z.infer<
  typeof addSupplierClaimLineRequestSchema
>["supplier_claim_line"];

export const updateSupplierClaimLineRequestSchema = z
  .strictObject({
    supplier_claim_line: z
      .strictObject({
        quantity: z
          .int("Enter a whole number of units.")
          .min(1, "Claim at least 1 unit; remove the line to claim none.")
          .max(1_000_000)
          .optional()
          .meta({
            description:
              "Units claimed: 1 up to what the line's receipt or return recorded (a manual line: any number).",
          }),
        unit_cost: unitCostInput.optional(),
        reason: supplierClaimReasonSchema.optional().meta({
          description:
            "A receipt's damaged, missing or wrong_item line may take any of those three; over and " +
            "return_to_vendor lines keep theirs.",
        }),
      })
      .refine(
        (fields) => Object.keys(fields).length > 0,
        "Send at least one of quantity, unit_cost, reason.",
      ),
  })
  .meta({ id: "UpdateSupplierClaimLineRequest" });
export type SupplierClaimLineChange = z.infer<
  typeof updateSupplierClaimLineRequestSchema
>["supplier_claim_line"];
