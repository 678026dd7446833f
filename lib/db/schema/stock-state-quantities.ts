import { sql } from "drizzle-orm";
import { check, foreignKey, index, integer, pgTable, text, unique } from "drizzle-orm/pg-core";
import { bins } from "./bins";
import { updatedAt } from "./columns";
import { stockState } from "./enums";
import { inventoryItems } from "./inventory-items";
import { locations } from "./locations";

/**
 * Units of one inventory item held in a non-sellable stock state (open box, refurbish, return to vendor, …) at a
 * location, in one bin or unbinned (`bin_id` null), docs/dispositions.md. Sellable units are the level
 * (inventory_levels) and its bins (bin_stock), never here, so the published level keeps meaning "sellable on
 * hand". Like a level, a row only changes with ledger rows (inventory_movements with this `stock_state`) and
 * equals their sum.
 */
export const stockStateQuantities = pgTable(
  "stock_state_quantities",
  {
    storeId: text().notNull(),
    inventoryItemId: text()
      .notNull()
      .references(() => inventoryItems.id, { onDelete: "cascade" }),
    locationId: text().notNull(),
    state: stockState().notNull(),
    binId: text(),
    quantity: integer().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One row per item, place and state, the unbinned one included (nulls not distinct): upserts find it.
    unique("stock_state_quantities_key")
      .on(t.inventoryItemId, t.locationId, t.state, t.binId)
      .nullsNotDistinct(),
    foreignKey({
      name: "stock_state_quantities_location_fk",
      columns: [t.storeId, t.locationId],
      foreignColumns: [locations.storeId, locations.id],
    }).onDelete("cascade"),
    foreignKey({
      name: "stock_state_quantities_bin_fk",
      columns: [t.storeId, t.locationId, t.binId],
      foreignColumns: [bins.storeId, bins.locationId, bins.id],
    }).onDelete("cascade"),
    index("stock_state_quantities_store_state_idx").on(t.storeId, t.state),
    check("stock_state_quantities_quantity_nonnegative", sql`${t.quantity} >= 0`),
    check("stock_state_quantities_not_sellable", sql`${t.state} <> 'sellable'`),
  ],
);
