import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { inboundShipments, inventoryItems } from "../../db/schema";
import type { CreateReceiptRequest } from "../../schemas/inbound-receipts";
import { ConflictError } from "../errors";
import { applyInventoryMovements, type LevelChange } from "../inventory-levels/movements";
import type { Actor } from "../returns/write";
import { deriveShipmentStatus } from "./status";

/** What a receipt changes beyond itself (lib/domain/inbound-shipments/receive.ts): the shipment's counts and stock. */

export const RECEIPT_RESOURCE = "inbound-receipt";

export type ItemRow = {
  id: string;
  variantId: string;
  sku: string | null;
  upc: string | null;
  quantity: number;
  receivedQuantity: number;
  damagedQuantity: number;
  missingQuantity: number;
};

/**
 * Status per decisions §9, with each line's processed units capped at its expected quantity: an overage on one
 * line does not cover a shortfall on another. `updated_at` moves so the shipment comes first in the list.
 */
export async function updateShipmentCounts(tx: Db, shipmentId: string, items: ItemRow[], shipped: boolean) {
  let expected = 0;
  let received = 0;
  let covered = 0;
  for (const item of items) {
    expected += item.quantity;
    received += item.receivedQuantity;
    covered += Math.min(item.quantity, item.receivedQuantity + item.damagedQuantity + item.missingQuantity);
  }
  const status = deriveShipmentStatus({ shipped, expected, received: covered, damaged: 0, missing: 0 });
  await tx
    .update(inboundShipments)
    .set({
      status,
      receivedCount: received,
      updatedAt: sql`greatest(now(), ${inboundShipments.updatedAt} + interval '1 millisecond')`,
    })
    .where(eq(inboundShipments.id, shipmentId));
}

/** Good units (and corrections of them) move the line's PRODUCT item at the destination, reason `received`. */
export async function moveReceivedStock(
  tx: Db,
  context: { storeId: string; actor: Actor; idempotencyKey?: string; receiptId: string; locationId: string },
  input: CreateReceiptRequest,
  matched: ItemRow[],
) {
  const moving = input.lines.flatMap((line, index) =>
    line.received === 0
      ? []
      : [{ variantId: (matched[index] as ItemRow).variantId, adjustBy: line.received }],
  );
  if (moving.length === 0) return;
  const productItems = await tx
    .select({ id: inventoryItems.id, variantId: inventoryItems.variantId })
    .from(inventoryItems)
    .where(
      and(
        eq(inventoryItems.kind, "PRODUCT"),
        inArray(
          inventoryItems.variantId,
          moving.map((m) => m.variantId),
        ),
      ),
    );
  const itemOf = new Map(productItems.map((row) => [row.variantId, row.id]));
  const changes: LevelChange[] = moving.map((m) => {
    const inventoryItemId = itemOf.get(m.variantId);
    if (!inventoryItemId) {
      throw new ConflictError(
        `${RECEIPT_RESOURCE}/no-inventory-item`,
        "A received product has no inventory item to hold its stock; upload it to the catalog again.",
      );
    }
    return { inventoryItemId, locationId: context.locationId, adjustBy: m.adjustBy, reason: "received" };
  });
  await applyInventoryMovements(tx, {
    storeId: context.storeId,
    changes,
    source: { type: "receipt", id: context.receiptId },
    actor: context.actor,
    idempotencyKey: context.idempotencyKey,
  });
}
