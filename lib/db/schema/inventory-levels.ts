import { sql } from "drizzle-orm";
import { check, foreignKey, index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { updatedAt } from "./columns";
import { inventoryItems } from "./inventory-items";
import { locations } from "./locations";

/** Quantity of one inventory item at one location; the item's quantity is the sum over its levels. */
export const inventoryLevels = pgTable(
  "inventory_levels",
  {
    inventoryItemId: text()
      .notNull()
      .references(() => inventoryItems.id, { onDelete: "cascade" }),
    storeId: text().notNull(),
    locationId: text().notNull(),
    quantity: integer().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.inventoryItemId, t.locationId] }),
    foreignKey({
      name: "inventory_levels_location_fk",
      columns: [t.storeId, t.locationId],
      foreignColumns: [locations.storeId, locations.id],
    }).onDelete("cascade"),
    index("inventory_levels_location_idx").on(t.locationId),
    check("inventory_levels_quantity_nonnegative", sql`${t.quantity} >= 0`),
  ],
);
