import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { binStock, bins, inventoryItems } from "../../db/schema";
import type { CreateReceiptRequest } from "../../schemas/inbound-receipts";
import { ConflictError, type FieldIssue, ValidationError } from "../errors";
import type { LevelChange } from "../inventory-levels/movements";
import type { ItemRow } from "./receipt-effects";

/**
 * What bins and lots do to a receipt (docs/bins.md): a `bin` naming an active bin of the location takes the
 * received units, and a lot-tracked product's lines carry their lot.
 */

/**
 * The active bin of the receipt's location whose code the receipt's `bin` names (any case), if any: its received
 * units go straight into it (docs/bins.md). Any other text stays a note, as before bins existed.
 */
export async function binNamed(
  tx: Db,
  storeId: string,
  locationId: string,
  code: string | undefined,
): Promise<{ id: string; code: string } | undefined> {
  if (!code) return undefined;
  const [bin] = await tx
    .select({ id: bins.id, code: bins.code })
    .from(bins)
    .where(
      and(
        eq(bins.storeId, storeId),
        eq(bins.locationId, locationId),
        sql`lower(${bins.code}) = lower(${code})`,
        sql`${bins.archivedAt} is null`,
      ),
    );
  return bin;
}

/**
 * Locks the items, then the bin (the order a bin move takes, so the two never deadlock), and refuses units
 * that would overfill it: 409 `bin/over-capacity`, nothing received.
 */
export async function lockBinForReceipt(tx: Db, bin: { id: string; code: string }, changes: LevelChange[]) {
  const itemIds = [...new Set(changes.map((change) => change.inventoryItemId as string))].sort();
  await tx
    .select({ id: inventoryItems.id })
    .from(inventoryItems)
    .where(inArray(inventoryItems.id, itemIds))
    .orderBy(asc(inventoryItems.id))
    .for("update");
  const [row] = await tx
    .select({
      capacity: bins.capacity,
      held: sql<number>`coalesce((select sum(bs.quantity) from ${binStock} bs where bs.bin_id = bins.id), 0)::int`,
    })
    .from(bins)
    .where(eq(bins.id, bin.id))
    .for("update");
  const adding = changes.reduce((sum, change) => sum + (change.binId ? (change.adjustBy ?? 0) : 0), 0);
  if (row?.capacity && row.held + adding > row.capacity) {
    throw new ConflictError(
      "bin/over-capacity",
      `Bin ${bin.code} holds ${row.held} of its ${row.capacity} units; ${adding} more would overfill it. Nothing was received: name another bin, or none.`,
    );
  }
}

/** A lot-tracked product's received units need their lot; another product's lines take none (400 naming each). */
export function checkLots(input: CreateReceiptRequest, matched: readonly ItemRow[]): void {
  const errors: FieldIssue[] = [];
  input.lines.forEach((line, index) => {
    const { tracksLots, title } = matched[index] as ItemRow;
    if (tracksLots && line.received > 0 && !line.lot_number) {
      errors.push({
        path: `receipt.lines.${index}.lot_number`,
        message: `${title} is tracked by lot: give the received units' lot number.`,
      });
    }
    if (!tracksLots && (line.lot_number || line.expiration_date)) {
      errors.push({
        path: `receipt.lines.${index}.${line.lot_number ? "lot_number" : "expiration_date"}`,
        message: `${title} is not tracked by lot; leave the lot and expiry empty.`,
      });
    }
  });
  if (errors.length > 0) throw new ValidationError("inbound-receipt", errors);
}
