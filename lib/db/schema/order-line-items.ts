import { sql } from "drizzle-orm";
import { char, check, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import type { OrderLinePlatformDetails } from "../../schemas/order-details";
import { idPrefixCheck, money, weightKg } from "./columns";
import { locations } from "./locations";
import { orders } from "./orders";
import { productVariants } from "./product-variants";

/**
 * An order line. Product and variant names are copied at order time (what the customer bought),
 * with an optional link to the live variant.
 */
export const orderLineItems = pgTable(
  "order_line_items",
  {
    id: text().primaryKey(),
    orderId: text()
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    position: integer().notNull().default(0),
    externalId: text(),
    variantId: text().references(() => productVariants.id, { onDelete: "set null" }),
    productName: text().notNull(),
    productExternalId: text(),
    variantName: text().notNull(),
    variantExternalId: text(),
    sku: text(),
    weightKg: weightKg(),
    currency: char({ length: 3 }).notNull(),
    price: money().notNull(),
    quantity: integer().notNull(),
    /** Discount on the whole line (all its units), from the order sync. */
    discount: money().notNull().default("0"),
    imageUrl: text(),
    fulfillmentLocationId: text().references(() => locations.id, { onDelete: "set null" }),
    /** What Custom Order Sync sends of the line that no column holds, kept as sent (docs/orders.md). */
    platformDetails: jsonb().$type<OrderLinePlatformDetails>(),
  },
  (t) => [
    idPrefixCheck("orderLineItem", t.id),
    index("order_line_items_order_idx").on(t.orderId, t.position),
    check("order_line_items_quantity_positive", sql`${t.quantity} > 0`),
  ],
);
