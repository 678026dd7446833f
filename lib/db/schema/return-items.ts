import { sql } from "drizzle-orm";
import { boolean, char, check, index, integer, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import type { CustodyFinding } from "../../schemas/inspection";
import type { MultipleChoiceAnswer } from "../../schemas/returns";
import { idPrefixCheck, money } from "./columns";
import { disposition } from "./enums";
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
    /** Where its units went when processed (docs/dispositions.md); null before, or when processed without one. */
    disposition: disposition(),
    status: text(),
    shipmentGroupIds: text().array().notNull().default(sql`'{}'::text[]`),
    /** Merchant-supplied; set by the item-identifiers operation. Null until set; "" is never stored. */
    externalIdentifier: text(),
    /**
     * The item's license plate (`LP-` and 8 Crockford base-32 characters, docs/labels.md), given the first time
     * its label is printed; null until then. Unique: a scanned plate names one item.
     */
    licensePlate: text(),
    /** The newest chain-of-custody check of the unit (docs/inspection.md), as the API shows it; null: none. */
    custody: jsonb().$type<CustodyFinding>(),
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
    // Unique across stores (so within each): assigning a plate is one conditional UPDATE whose random code
    // this index refuses on the rare collision, and a scan finds the item through it.
    uniqueIndex("return_items_license_plate_key")
      .on(t.licensePlate)
      .where(sql`${t.licensePlate} is not null`),
    check(
      "return_items_license_plate_format",
      sql`${t.licensePlate} is null or ${t.licensePlate} ~ '^LP-[0-9A-HJKMNP-TV-Z]{8}$'`,
    ),
    check("return_items_quantity_positive", sql`${t.quantity} > 0`),
    check(
      "return_items_external_identifier",
      sql`${t.externalIdentifier} is null or char_length(${t.externalIdentifier}) between 1 and 255`,
    ),
  ],
);
