import { index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, idPrefixCheck, updatedAt } from "./columns";
import { stores } from "./stores";

export const products = pgTable(
  "products",
  {
    id: text().primaryKey(),
    storeId: text()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    title: text().notNull(),
    /** The product's id in the merchant's commerce platform. */
    externalId: text(),
    /** Primary image. */
    imageUrl: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    idPrefixCheck("product", t.id),
    index("products_store_idx").on(t.storeId),
    index("products_store_updated_idx").on(t.storeId, t.updatedAt, t.id),
    uniqueIndex("products_store_external_id_key").on(t.storeId, t.externalId),
  ],
);
