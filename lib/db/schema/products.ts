import { sql } from "drizzle-orm";
import { boolean, index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
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
    /** The merchant's product type ("Apparel", "Frozen"): putaway rules choose a zone by it (docs/bins.md). */
    productType: text(),
    /** The product's tags, as uploaded; putaway rules match one of them, whatever its case. */
    tags: text().array().notNull().default(sql`'{}'::text[]`),
    /** Receipts of its units record a lot number and may record an expiry date (docs/bins.md). */
    tracksLots: boolean().notNull().default(false),
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
