import { sql } from "drizzle-orm";
import { boolean, char, check, index, integer, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import type { MultipleChoiceAnswer } from "../../schemas/returns";
import { idPrefixCheck, money } from "./columns";
import { orderLineItems } from "./order-line-items";
import { returns } from "./returns";

export const returnItems = pgTable(
  "return_items",
  {
    id: text().primaryKey(),
    returnId: text()
      .notNull()
      .references(() => returns.id, { onDelete: "cascade" }),
    position: integer().notNull().default(0),
    orderLineItemId: text()
      .notNull()
      .references(() => orderLineItems.id),
    quantity: integer().notNull(),
    reason: text().notNull(),
    reasonCode: text(),
    reasons: text().array().notNull().default(sql`'{}'::text[]`),
    reasonCodes: text().array().notNull().default(sql`'{}'::text[]`),
    customerComment: text(),
    grade: text(),
    greenReturn: boolean(),
    outcome: text(),
    status: text(),
    shipmentGroupIds: text().array().notNull().default(sql`'{}'::text[]`),
    /** Merchant-supplied; set by the item-identifiers operation. Null until set; "" is never stored. */
    externalIdentifier: text(),
    externalReturnLineItemId: text(),
    /** The product and variant ids in the merchant's platform, as the interface carries them. */
    productId: text(),
    variantId: text(),
    sku: text(),
    upc: text(),
    productAdjustment: text(),
    currency: char({ length: 3 }).notNull(),
    refundAmount: money(),
    refundType: text(),
    productValueNoTaxNoAdjustment: money(),
    exchangeProductExternalId: text(),
    exchangeProductName: text(),
    exchangeVariantExternalId: text(),
    exchangeVariantName: text(),
    exchangeQuantity: integer(),
    multipleChoiceQuestions: jsonb().$type<MultipleChoiceAnswer[]>().notNull().default(sql`'[]'::jsonb`),
  },
  (t) => [
    idPrefixCheck("returnItem", t.id),
    index("return_items_return_idx").on(t.returnId, t.position),
    // An item identifier (a serial or RMA label) finds its return (the app's search).
    index("return_items_external_identifier_idx").on(t.externalIdentifier),
    check("return_items_quantity_positive", sql`${t.quantity} > 0`),
    check(
      "return_items_external_identifier",
      sql`${t.externalIdentifier} is null or char_length(${t.externalIdentifier}) between 1 and 255`,
    ),
  ],
);
