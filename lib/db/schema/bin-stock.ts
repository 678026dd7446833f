import { sql } from "drizzle-orm";
import { check, foreignKey, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { bins } from "./bins";
import { updatedAt } from "./columns";
import { inventoryItems } from "./inventory-items";

/**
 * Units of one inventory item in one bin (docs/bins.md). Like a level it only changes with ledger rows
 * (inventory_movements.bin_id), so it equals the sum of its movements; the level's units in no bin are
 * the "unbinned" remainder, level minus the sum of its bins, never below zero.
 */
export const binStock = pgTable(
  "bin_stock",
  {
    binId: text().notNull(),
    inventoryItemId: text()
      .notNull()
      .references(() => inventoryItems.id, { onDelete: "cascade" }),
    storeId: text().notNull(),
    locationId: text().notNull(),
    quantity: integer().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.binId, t.inventoryItemId] }),
    foreignKey({
      name: "bin_stock_bin_fk",
      columns: [t.storeId, t.locationId, t.binId],
      foreignColumns: [bins.storeId, bins.locationId, bins.id],
    }).onDelete("cascade"),
    index("bin_stock_item_location_idx").on(t.inventoryItemId, t.locationId),
    check("bin_stock_quantity_nonnegative", sql`${t.quantity} >= 0`),
  ],
);
