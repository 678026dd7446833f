import { sql } from "drizzle-orm";
import { bigserial, check, date, foreignKey, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { bins } from "./bins";
import { createdAt, idPrefixCheck } from "./columns";
import { actorKind, inventoryMovementReason, inventoryMovementSource, stockState } from "./enums";
import { inventoryItems } from "./inventory-items";
import { locations } from "./locations";
import { stores } from "./stores";

/**
 * The inventory ledger: one row per change of a level, never updated or deleted (a trigger refuses both,
 * migration 0010; only a cascade from a deleted store or item removes rows). Kept without a time limit.
 * `quantityAfter` is the level right after the movement, so a level's history reads without summing (a move
 * between bins is two rows, out and in, that both carry the level it leaves unchanged).
 */
export const inventoryMovements = pgTable(
  "inventory_movements",
  {
    id: text().primaryKey(),
    /** Insertion order: the ledger's order (movements of one request share created_at). */
    seq: bigserial({ mode: "number" }).notNull(),
    storeId: text()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    inventoryItemId: text()
      .notNull()
      .references(() => inventoryItems.id, { onDelete: "cascade" }),
    locationId: text().notNull(),
    /**
     * The bin the delta went into or out of; null for the unbinned remainder (docs/bins.md). A bin's
     * quantity is the sum of its rows, the unbinned remainder the sum of the rows without one.
     */
    binId: text(),
    /**
     * The stock state the delta is in (docs/dispositions.md): `sellable` rows make the level and its bins;
     * rows of another state make that state's quantities (stock_state_quantities), and their `quantityAfter`
     * is that state's units at the location after the row.
     */
    stockState: stockState().notNull().default("sellable"),
    quantityDelta: integer().notNull(),
    quantityAfter: integer().notNull(),
    reason: inventoryMovementReason().notNull(),
    sourceType: inventoryMovementSource().notNull(),
    /** The receipt, return or import the movement came from; null for manual adjustments. */
    sourceId: text(),
    actorKind: actorKind().notNull(),
    /** Staff user or API secret id; null for the system. */
    actorId: text(),
    /** The staff member's name or the API secret's name as it was at the time. */
    actorName: text(),
    idempotencyKey: text(),
    note: text(),
    /** The lot a receipt of a lot-tracked product recorded (docs/bins.md); null otherwise. */
    lotNumber: text(),
    /** That lot's expiry (YYYY-MM-DD), when the receipt gave one. */
    expirationDate: date({ mode: "string" }),
    createdAt: createdAt(),
  },
  (t) => [
    idPrefixCheck("inventoryMovement", t.id),
    foreignKey({
      name: "inventory_movements_location_fk",
      columns: [t.storeId, t.locationId],
      foreignColumns: [locations.storeId, locations.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "inventory_movements_bin_fk",
      columns: [t.storeId, t.locationId, t.binId],
      foreignColumns: [bins.storeId, bins.locationId, bins.id],
    }).onDelete("cascade"),
    index("inventory_movements_store_seq_idx").on(t.storeId, t.seq.desc()),
    index("inventory_movements_item_seq_idx").on(t.inventoryItemId, t.seq.desc()),
    // Deleting a bin (or its location) cascades to its ledger rows through inventory_movements_bin_fk: without
    // this index each deleted bin scanned the whole ledger.
    index("inventory_movements_bin_idx")
      .on(t.storeId, t.locationId, t.binId)
      .where(sql`${t.binId} is not null`),
    // The putaway suggestion's first answer: the newest row that put units into a bin of this item here.
    index("inventory_movements_item_bin_in_idx")
      .on(t.inventoryItemId, t.locationId, t.seq.desc())
      .where(sql`${t.binId} is not null and ${t.quantityDelta} > 0`),
    // Units held out of sellable stock, by state: return-to-vendor units are found here for supplier claims.
    index("inventory_movements_store_state_idx")
      .on(t.storeId, t.stockState, t.seq.desc())
      .where(sql`${t.stockState} <> 'sellable'`),
    // The item's current lot: its newest row that recorded one.
    index("inventory_movements_item_lot_idx")
      .on(t.inventoryItemId, t.seq.desc())
      .where(sql`${t.lotNumber} is not null`),
    check("inventory_movements_delta_nonzero", sql`${t.quantityDelta} <> 0`),
    check("inventory_movements_after_nonnegative", sql`${t.quantityAfter} >= 0`),
  ],
);
