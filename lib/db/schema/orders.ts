import { sql } from "drizzle-orm";
import { boolean, char, index, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import type { OrderBillingAddress, OrderPlatformDetails } from "../../schemas/order-details";
import type { Address } from "../../schemas/returns";
import { createdAt, idPrefixCheck, money, updatedAt } from "./columns";
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
    /** The customer's id in the merchant's platform (custom order sync `customer.id`). */
    customerExternalId: text(),
    /** Where the order was shipped: a return's default source address. */
    shippingAddress: jsonb().$type<Address>(),
    shippingMethod: text(),
    /** Order create's billing address, or Custom Order Sync's in that shape (Get order reads it back). */
    billingAddress: jsonb().$type<OrderBillingAddress>(),
    /** What Custom Order Sync sends that no column holds, kept as sent (docs/orders.md). */
    platformDetails: jsonb().$type<OrderPlatformDetails>(),
    tags: text().array().notNull().default(sql`'{}'::text[]`),
    currency: char({ length: 3 }).notNull(),
    discounts: money().notNull().default("0"),
    lineItemsTotal: money().notNull().default("0"),
    shippingCost: money().notNull().default("0"),
    taxes: money().notNull().default("0"),
    total: money().notNull().default("0"),
    /**
     * The coverage the customer bought with the order (the published order `protection`): returns coverage
     * (free returns), package protection (lost or damaged parcels) and final-sale returns coverage.
     */
    returnsCoverage: boolean().notNull().default(false),
    packageProtection: boolean().notNull().default(false),
    finalSaleCoverage: boolean().notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    idPrefixCheck("order", t.id),
    uniqueIndex("orders_store_name_key").on(t.storeId, t.name),
    index("orders_store_email_idx").on(t.storeId, t.customerEmail),
    // Upserts by the merchant's order id (custom order sync) and Get order by that id.
    uniqueIndex("orders_store_external_key")
      .on(t.storeId, t.externalId)
      .where(sql`${t.externalId} is not null`),
    // List orders: most recently updated first, keyset paging.
    index("orders_store_updated_idx").on(t.storeId, t.updatedAt, t.id),
  ],
);
