import { sql } from "drizzle-orm";
import { check, index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, idPrefixCheck, money, updatedAt, weightKg } from "./columns";
import { products } from "./products";
import { stores } from "./stores";

/**
 * A sellable variant of a product (size, colour...). The interface's "product summary" describes a
 * variant: its id is the product's `prd_` id and its title joins the product title and the variant options.
 */
export const productVariants = pgTable(
  "product_variants",
  {
    id: text().primaryKey(),
    storeId: text()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    productId: text()
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    /** Variant options, e.g. "Blue / M". */
    title: text().notNull(),
    sku: text(),
    upc: text(),
    externalId: text(),
    price: money().notNull(),
    weightKg: weightKg(),
    /** Variant image; falls back to the product's image. */
    imageUrl: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    idPrefixCheck("variant", t.id),
    index("product_variants_product_idx").on(t.productId),
    // A scanned barcode finds its variant (receiving, search).
    index("product_variants_store_upc_idx").on(t.storeId, t.upc),
    uniqueIndex("product_variants_store_sku_key").on(t.storeId, t.sku),
    check("product_variants_price_nonnegative", sql`${t.price} >= 0`),
  ],
);
