import type { InboundShipmentStatus } from "../../enums";

export type ShipmentCounts = {
  /** Whether the supplier has handed the shipment to a carrier. */
  shipped: boolean;
  expected: number;
  received: number;
  damaged: number;
  missing: number;
};

/**
 * Status follows the counts (decisions §9): RECEIVED once received + damaged + missing covers every
 * expected unit; PARTIALLY_RECEIVED once the dock has processed some units but not all; otherwise
 * IN_TRANSIT after it shipped and PENDING before. A shipment with no expected units is RECEIVED only
 * when it arrived, so an empty draft stays PENDING.
 */
export function deriveShipmentStatus(counts: ShipmentCounts): InboundShipmentStatus {
  const processed = counts.received + counts.damaged + counts.missing;
  if (counts.expected > 0 && processed >= counts.expected) return "RECEIVED";
  if (processed > 0) return "PARTIALLY_RECEIVED";
  return counts.shipped ? "IN_TRANSIT" : "PENDING";
}

export type ShipmentItemQuantities = {
  variantId: string;
  quantity: number;
  receivedQuantity: number;
  damagedQuantity: number;
  missingQuantity: number;
};

/**
 * The denormalised counts stored on a shipment row (interface: sku_count, item_count, received_count; and
 * covered_count, the units dealt with, each line capped at its expected quantity).
 */
export function summarizeShipmentItems(items: readonly ShipmentItemQuantities[]) {
  const skus = new Set<string>();
  let itemCount = 0;
  let receivedCount = 0;
  let coveredCount = 0;
  let damaged = 0;
  let missing = 0;
  for (const item of items) {
    skus.add(item.variantId);
    itemCount += item.quantity;
    receivedCount += item.receivedQuantity;
    coveredCount += coveredUnits(item.quantity, item);
    damaged += item.damagedQuantity;
    missing += item.missingQuantity;
  }
  return { skuCount: skus.size, itemCount, receivedCount, coveredCount, damaged, missing };
}

/** A line's units the dock has dealt with, capped at its expected quantity: overage on one line covers no other. */
export function coveredUnits(
  quantity: number,
  counts: { receivedQuantity: number; damagedQuantity: number; missingQuantity: number },
): number {
  return Math.min(quantity, counts.receivedQuantity + counts.damagedQuantity + counts.missingQuantity);
}
