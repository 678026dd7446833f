import { sql } from "drizzle-orm";
import { char, check, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { idPrefixCheck, money, weightKg } from "./columns";
import { returnExchanges } from "./return-exchanges";

/** An item the customer receives in exchange. */
export const returnExchangeItems = pgTable(
  "return_exchange_items",
  {
    id: text().primaryKey(),
    returnId: text()
      .notNull()
      .references(() => returnExchanges.returnId, { onDelete: "cascade" }),
    position: integer().notNull().default(0),
    quantity: integer().notNull(),
    productName: text().notNull(),
    productExternalId: text(),
    variantName: text().notNull(),
    variantExternalId: text(),
    sku: text(),
    weightKg: weightKg(),
    currency: char({ length: 3 }).notNull(),
    originalPrice: money().notNull(),
    price: money().notNull(),
    priceTax: money().notNull().default("0"),
  },
  (t) => [
    idPrefixCheck("exchangeItem", t.id),
    index("return_exchange_items_return_idx").on(t.returnId, t.position),
    check("return_exchange_items_quantity_positive", sql`${t.quantity} > 0`),
  ],
);
