import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { inboundShipmentItems, inboundShipments, inventoryItems, productVariants } from "../../db/schema";
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
 * The shipment lines a receipt names (by id, SKU or UPC), not all of them: a scanner's one-unit receipt on a
 * 500-line shipment reads one row. Called under the shipment's lock.
 */
export async function loadNamedLines(
  tx: Db,
  shipmentId: string,
  input: CreateReceiptRequest,
): Promise<ItemRow[]> {
  const ids = input.lines.flatMap((line) => (line.item_id !== undefined ? [line.item_id] : []));
  const skus = input.lines.flatMap((line) =>
    line.item_id === undefined && line.sku !== undefined ? [line.sku] : [],
  );
  const upcs = input.lines.flatMap((line) =>
    line.item_id === undefined && line.sku === undefined && line.upc !== undefined ? [line.upc] : [],
  );
  const named = [
    ids.length > 0 ? inArray(inboundShipmentItems.id, ids) : undefined,
    skus.length > 0 ? inArray(productVariants.sku, skus) : undefined,
    upcs.length > 0 ? inArray(productVariants.upc, upcs) : undefined,
  ].filter((condition) => condition !== undefined);
  if (named.length === 0) return [];
  return tx
    .select({
      id: inboundShipmentItems.id,
      variantId: inboundShipmentItems.variantId,
      sku: productVariants.sku,
      upc: productVariants.upc,
      quantity: inboundShipmentItems.quantity,
      receivedQuantity: inboundShipmentItems.receivedQuantity,
      damagedQuantity: inboundShipmentItems.damagedQuantity,
      missingQuantity: inboundShipmentItems.missingQuantity,
    })
    .from(inboundShipmentItems)
    .innerJoin(productVariants, eq(productVariants.id, inboundShipmentItems.variantId))
    .where(and(eq(inboundShipmentItems.shipmentId, shipmentId), or(...named)))
    .orderBy(asc(inboundShipmentItems.position), asc(inboundShipmentItems.id));
}

/**
 * Status per decisions §9, with each line's processed units capped at its expected quantity: an overage on one
 * line does not cover a shortfall on another. Summed by the database from the lines as they now stand (after
 * this receipt's updates), so only the named lines were read. `updated_at` moves so the shipment comes first in
 * the list.
 */
export async function updateShipmentCounts(tx: Db, shipmentId: string, shipped: boolean) {
  const [sums] = await tx
    .select({
      expected: sql<number>`coalesce(sum(${inboundShipmentItems.quantity}), 0)::int`,
      received: sql<number>`coalesce(sum(${inboundShipmentItems.receivedQuantity}), 0)::int`,
      covered: sql<number>`coalesce(sum(least(${inboundShipmentItems.quantity}, ${inboundShipmentItems.receivedQuantity}
        + ${inboundShipmentItems.damagedQuantity} + ${inboundShipmentItems.missingQuantity})), 0)::int`,
    })
    .from(inboundShipmentItems)
    .where(eq(inboundShipmentItems.shipmentId, shipmentId));
  const { expected = 0, received = 0, covered = 0 } = sums ?? {};
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
    answer: false,
    // The receipt's transaction: any refusal (a level below zero) aborts the whole receipt anyway.
    inCallersTransaction: true,
  });
}
