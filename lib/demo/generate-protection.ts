import type { LabelPayer, LabelPayerReason, ReturnType } from "../enums";
import type { Random } from "./random";

/** The coverage a shopper bought at checkout: the order columns behind the published `protection`. */
export type OrderCoverage = {
  returnsCoverage: boolean;
  packageProtection: boolean;
  finalSaleCoverage: boolean;
};

/**
 * Coverage bought at checkout, in proportions a store offering it sees: about a third of orders add returns
 * coverage, a quarter package protection (often both), and a few final-sale coverage on top of returns
 * coverage. Drawn from a stream of the order's own so adding it did not reshuffle the rest of the demo.
 */
export function generateOrderCoverage(random: Random, orderId: string): OrderCoverage {
  const own = random.fork(`coverage:${orderId}`);
  const returnsCoverage = own.chance(0.35);
  return {
    returnsCoverage,
    packageProtection: own.chance(returnsCoverage ? 0.5 : 0.15),
    finalSaleCoverage: returnsCoverage && own.chance(0.12),
  };
}

/** Reason codes where the merchant is at fault, so pays for the label whatever the coverage. */
const MERCHANT_FAULT_REASONS = new Set([
  "DAMAGED_IN_TRANSIT",
  "WRONG_ITEM",
  "MISSING_ITEM",
  "DEFECTIVE_ON_ARRIVAL",
]);

/**
 * Who paid for a return's label and why, as the real service settles it: Redo when the order's coverage
 * pays (warranty claims under warranty coverage), the merchant when the item arrived damaged or wrong (and
 * now and then as a safety net), otherwise the shopper. No label (a green return, or one not yet shipped)
 * leaves both null.
 */
export function labelPayerOf(
  random: Random,
  returnId: string,
  input: { hasLabel: boolean; type: ReturnType; coverage: OrderCoverage; reasonCodes: readonly string[] },
): { labelPayer: LabelPayer | null; labelPayerReason: LabelPayerReason | null } {
  if (!input.hasLabel) return { labelPayer: null, labelPayerReason: null };
  const own = random.fork(`label-payer:${returnId}`);
  const { coverage } = input;
  if (coverage.returnsCoverage) {
    if (input.type === "warranty")
      return { labelPayer: "redo", labelPayerReason: "REDO_ORDER_HAS_WARRANTY_COVERAGE" };
    if (coverage.finalSaleCoverage && own.chance(0.3)) {
      return { labelPayer: "redo", labelPayerReason: "REDO_ORDER_HAS_FINAL_SALE_PROTECTION" };
    }
    return { labelPayer: "redo", labelPayerReason: "REDO_ORDER_HAS_RETURNS_COVERAGE" };
  }
  if (input.reasonCodes.some((code) => MERCHANT_FAULT_REASONS.has(code))) {
    return { labelPayer: "merchant", labelPayerReason: "MERCHANT_DAMAGED_OR_WRONG_PRODUCT" };
  }
  if (own.chance(0.1)) return { labelPayer: "merchant", labelPayerReason: "MERCHANT_SAFETY_NET" };
  return { labelPayer: "customer", labelPayerReason: "SHOPPER_UNCOVERED" };
}
