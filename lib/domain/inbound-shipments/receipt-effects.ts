import { and, asc, eq, inArray, or, sql } from "drizzle-orm";
import type { Db } from "../../db";
import {
  inboundShipmentItems,
  inboundShipments,
  inventoryItems,
  products,
  productVariants,
} from "../../db/schema";
import type { InboundShipmentStatus } from "../../enums";
import type { CreateReceiptRequest } from "../../schemas/inbound-receipts";
import type { Actor } from "../actor";
import { ConflictError, DomainError, type FieldIssue, NotFoundError } from "../errors";
import { changeAndMarkEventDue } from "../events/coalesce";
import { applyInventoryMovements, type LevelChange } from "../inventory-levels/movements";
import { followShipmentStatus } from "../transfers/follow-receipts";
import { INBOUND_SHIPMENT_RESOURCE } from "./get";
import { lockBinForReceipt } from "./receipt-bin";
import { coveredUnits, deriveShipmentStatus } from "./status";

/**
 * What a receipt changes beyond itself (lib/domain/inbound-shipments/receive.ts): its lines' counters, the
 * shipment's counts and status, and stock.
 */

export const RECEIPT_RESOURCE = "inbound-receipt";

export type ItemRow = {
  id: string;
  variantId: string;
  sku: string | null;
  upc: string | null;
  /** The product's title, and the variant's when it has options: what the receipt's line shows. */
  title: string;
  /** The PRODUCT inventory item holding the variant's stock (null: none, the receipt is refused). */
  inventoryItemId: string | null;
  /** The product records a lot on receipt (docs/bins.md). */
  tracksLots: boolean;
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
      title: sql<string>`coalesce(${products.title} || ' - ' || ${productVariants.title}, ${products.title})`,
      // One statement for what the receipt then needs: the item its good units are added to.
      inventoryItemId: sql<string | null>`(select ii.id from ${inventoryItems} ii
        where ii.variant_id = ${productVariants.id} and ii.kind = 'PRODUCT' order by ii.id limit 1)`,
      tracksLots: products.tracksLots,
      quantity: inboundShipmentItems.quantity,
      receivedQuantity: inboundShipmentItems.receivedQuantity,
      damagedQuantity: inboundShipmentItems.damagedQuantity,
      missingQuantity: inboundShipmentItems.missingQuantity,
    })
    .from(inboundShipmentItems)
    .innerJoin(productVariants, eq(productVariants.id, inboundShipmentItems.variantId))
    .innerJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(inboundShipmentItems.shipmentId, shipmentId), or(...named)))
    .orderBy(asc(inboundShipmentItems.position), asc(inboundShipmentItems.id));
}

/**
 * Adds a receipt's units to the shipment's counts and moves its status (decisions §9) and `updated_at` (so it
 * comes first in the list), marking its `updated` event due, in one statement: this takes the shipment's row
 * lock, which every receipt of the shipment waits for, so it is held from here to the commit only. `covered` is
 * the change of the lines' capped units (coveredUnits), so no line is read under the lock. The status is
 * derived from the counts as they now stand; the rare receipt that changes it (the first, the last, a
 * correction) writes it with a second statement.
 */
export async function addToShipmentCounts(
  tx: Db,
  change: { storeId: string; shipmentId: string; received: number; covered: number },
) {
  const counts = await changeAndMarkEventDue<{
    status: InboundShipmentStatus;
    item_count: number;
    covered_count: number;
    shipped: boolean;
  }>(
    tx,
    { storeId: change.storeId, topic: "inbound_shipment", subjectId: change.shipmentId },
    sql`update ${inboundShipments} set
        received_count = received_count + ${change.received},
        covered_count = covered_count + ${change.covered},
        updated_at = greatest(now(), updated_at + interval '1 millisecond')
      where id = ${change.shipmentId}
      returning status, item_count, covered_count, shipped_at is not null as shipped`,
  );
  if (!counts) throw new NotFoundError(INBOUND_SHIPMENT_RESOURCE, change.shipmentId);
  const status = deriveShipmentStatus({
    shipped: counts.shipped,
    expected: counts.item_count,
    received: counts.covered_count,
    damaged: 0,
    missing: 0,
  });
  if (status !== counts.status) {
    await tx.update(inboundShipments).set({ status }).where(eq(inboundShipments.id, change.shipmentId));
    // A transfer's shipment moves the transfer with it (docs/transfers.md).
    await followShipmentStatus(tx, change.storeId, change.shipmentId, status);
  }
}

/**
 * Good units (and corrections of them) move the line's PRODUCT item at the destination, reason `received`;
 * into `bin` when the receipt names one (additions only: a correction's negative units leave the unbinned
 * remainder, as they did before bins). `locationActive`: the caller read the destination in this transaction and
 * it is not archived, and the items come from loadNamedLines: the movement need not look them up again.
 */
export async function moveReceivedStock(
  tx: Db,
  context: {
    storeId: string;
    actor: Actor;
    idempotencyKey?: string;
    receiptId: string;
    locationId: string;
    locationActive: boolean;
    bin?: { id: string; code: string };
  },
  input: CreateReceiptRequest,
  matched: ItemRow[],
) {
  const changes: LevelChange[] = input.lines.flatMap((line, index) => {
    if (line.received === 0) return [];
    const { inventoryItemId } = matched[index] as ItemRow;
    if (!inventoryItemId) {
      throw new ConflictError(
        `${RECEIPT_RESOURCE}/no-inventory-item`,
        "A received product has no inventory item to hold its stock; upload it to the catalog again.",
      );
    }
    return [
      {
        inventoryItemId,
        locationId: context.locationId,
        adjustBy: line.received,
        reason: "received",
        ...(context.bin && line.received > 0 ? { binId: context.bin.id } : {}),
        ...(line.lot_number ? { lotNumber: line.lot_number } : {}),
        ...(line.expiration_date ? { expirationDate: line.expiration_date } : {}),
      },
    ];
  });
  if (changes.length === 0) return;
  if (context.bin) await lockBinForReceipt(tx, context.bin, changes);
  await applyInventoryMovements(tx, {
    storeId: context.storeId,
    changes,
    source: { type: "receipt", id: context.receiptId },
    actor: context.actor,
    idempotencyKey: context.idempotencyKey,
    answer: false,
    // The receipt's transaction: any refusal (a level below zero) aborts the whole receipt anyway.
    inCallersTransaction: true,
    referencesChecked: context.locationActive,
  });
}

/** A correction would take a line's counter below zero: 409 naming each line. */
class BelowZeroError extends DomainError {
  readonly status = 409;
  readonly code = `${RECEIPT_RESOURCE}/below-zero`;
  readonly errors: FieldIssue[];
  constructor(errors: FieldIssue[]) {
    super("The correction takes more units away than the shipment's lines have; nothing was changed.");
    this.errors = errors;
  }
}

/**
 * Adds each line's units to its counters with an atomic increment (in line id order, so two receipts never
 * deadlock on them) and checks none falls below zero (a correction). The matched rows take the new values.
 * Answers how many covered units (coveredUnits) the lines gained, from each line's counters just before and
 * after its own increment: exact whatever other receipts of the line committed meanwhile.
 */
export async function addToLineCounters(
  tx: Db,
  input: CreateReceiptRequest,
  matched: ItemRow[],
): Promise<number> {
  const order = input.lines
    .map((_, index) => index)
    .sort((a, b) => {
      const left = (matched[a] as ItemRow).id;
      const right = (matched[b] as ItemRow).id;
      return left < right ? -1 : left > right ? 1 : 0;
    });
  const belowZero: FieldIssue[] = [];
  let covered = 0;
  for (const index of order) {
    const line = input.lines[index] as CreateReceiptRequest["lines"][number];
    const item = matched[index] as ItemRow;
    const received = sql`${inboundShipmentItems.receivedQuantity} + ${line.received}`;
    const damaged = sql`${inboundShipmentItems.damagedQuantity} + ${line.damaged}`;
    const missing = sql`${inboundShipmentItems.missingQuantity} + ${line.missing}`;
    // The table's checks refuse a negative counter: a correction that would make one is no row updated.
    const [after] = await tx
      .update(inboundShipmentItems)
      .set({ receivedQuantity: received, damagedQuantity: damaged, missingQuantity: missing })
      .where(
        and(
          eq(inboundShipmentItems.id, item.id),
          sql`${received} >= 0 and ${damaged} >= 0 and ${missing} >= 0`,
        ),
      )
      .returning({
        received: inboundShipmentItems.receivedQuantity,
        damaged: inboundShipmentItems.damagedQuantity,
        missing: inboundShipmentItems.missingQuantity,
      });
    if (!after) {
      belowZero.push({
        path: `receipt.lines.${index}`,
        message: "The line would have fewer than zero units.",
      });
      continue;
    }
    const before = {
      receivedQuantity: after.received - line.received,
      damagedQuantity: after.damaged - line.damaged,
      missingQuantity: after.missing - line.missing,
    };
    Object.assign(item, {
      receivedQuantity: after.received,
      damagedQuantity: after.damaged,
      missingQuantity: after.missing,
    });
    covered += coveredUnits(item.quantity, item) - coveredUnits(item.quantity, before);
  }
  // In the request's order, as every other error names its lines.
  const byLine = (issue: FieldIssue) => Number(issue.path.split(".").at(-1));
  if (belowZero.length > 0) throw new BelowZeroError(belowZero.sort((a, b) => byLine(a) - byLine(b)));
  return covered;
}
