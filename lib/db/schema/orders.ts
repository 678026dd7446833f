import { sql } from "drizzle-orm";
import { char, check, index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, money, updatedAt } from "./columns";
import { stores } from "./stores";

export const orders = pgTable(
  "orders",
  {
    id: text().primaryKey(),
    storeId: text()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    /** Display name such as "#1042". */
    name: text().notNull(),
    externalId: text(),
    customerGivenName: text().notNull(),
    customerSurname: text().notNull(),
    customerEmail: text(),
    customerPhone: text(),
    currency: char({ length: 3 }).notNull(),
    discounts: money().notNull().default("0"),
    lineItemsTotal: money().notNull().default("0"),
    shippingCost: money().notNull().default("0"),
    taxes: money().notNull().default("0"),
    total: money().notNull().default("0"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("orders_store_name_key").on(t.storeId, t.name),
    index("orders_store_email_idx").on(t.storeId, t.customerEmail),
    check("orders_id_prefix", sql`${t.id} like 'ord\\_%'`),
  ],
);
