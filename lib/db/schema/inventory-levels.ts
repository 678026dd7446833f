import { sql } from "drizzle-orm";
import {
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { newId } from "../../ids";
import { createdAt, idPrefixCheck, updatedAt } from "./columns";
import { inventoryItems } from "./inventory-items";
import { locations } from "./locations";

/**
 * Quantity of one inventory item at one location; the item's quantity is the sum over its levels. A level
 * only changes with a row in inventory_movements (lib/domain/inventory-levels/movements.ts), and always
 * equals the sum of its movements' deltas.
 */
export const inventoryLevels = pgTable(
  "inventory_levels",
  {
    /** The real service's inventory level id (`li_…`); the key stays (item, location). */
    id: text()
      .notNull()
      .$defaultFn(() => newId("inventoryLevel")),
    inventoryItemId: text()
      .notNull()
      .references(() => inventoryItems.id, { onDelete: "cascade" }),
    storeId: text().notNull(),
    locationId: text().notNull(),
    quantity: integer().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    idPrefixCheck("inventoryLevel", t.id),
    primaryKey({ columns: [t.inventoryItemId, t.locationId] }),
    foreignKey({
      name: "inventory_levels_location_fk",
      columns: [t.storeId, t.locationId],
      foreignColumns: [locations.storeId, locations.id],
    }).onDelete("cascade"),
    uniqueIndex("inventory_levels_id_key").on(t.id),
    index("inventory_levels_location_idx").on(t.locationId),
    index("inventory_levels_store_updated_idx").on(t.storeId, t.updatedAt, t.id),
    check("inventory_levels_quantity_nonnegative", sql`${t.quantity} >= 0`),
  ],
);
