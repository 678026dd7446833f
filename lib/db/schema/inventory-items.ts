import { index, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, idPrefixCheck, updatedAt } from "./columns";
import { inventoryItemKind } from "./enums";
import { productVariants } from "./product-variants";
import { stores } from "./stores";

export const inventoryItems = pgTable(
  "inventory_items",
  {
    id: text().primaryKey(),
    storeId: text()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    variantId: text().references(() => productVariants.id, { onDelete: "set null" }),
    sku: text(),
    name: text(),
    kind: inventoryItemKind().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    idPrefixCheck("inventoryItem", t.id),
    index("inventory_items_store_updated_idx").on(t.storeId, t.updatedAt, t.id),
    index("inventory_items_store_sku_idx").on(t.storeId, t.sku),
    index("inventory_items_variant_idx").on(t.variantId),
  ],
);
