import { sql } from "drizzle-orm";
import { boolean, char, check, index, jsonb, pgTable, text } from "drizzle-orm/pg-core";
import { LABEL_PAYER_REASONS, LABEL_PAYERS, type LabelPayer, type LabelPayerReason } from "../../enums";
import type { Address } from "../../schemas/returns";
import { createdAt, idPrefixCheck, money, updatedAt } from "./columns";
import { returnStatus, returnType } from "./enums";
import { orders } from "./orders";
import { stores } from "./stores";

/**
 * A return (or claim, or warranty request) against an order. Scalar fields of the interface live in
 * columns; lists (items, shipments, tags, notes...) live in child tables. Addresses are small value
 * objects kept as jsonb and validated by the zod schema on the way in.
 */
export const returns = pgTable(
  "returns",
  {
    id: text().primaryKey(),
    storeId: text()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    orderId: text()
      .notNull()
      .references(() => orders.id),
    type: returnType().notNull().default("return"),
    status: returnStatus().notNull().default("open"),
    /** While `flagged`: the status the return had before, which unflagging (PUT status `open`) restores. */
    statusBeforeFlag: returnStatus(),
    compensationMethods: text().array().notNull().default(sql`'{}'::text[]`),
    completeWithNoAction: boolean().notNull().default(false),
    externalOrderIds: text().array().notNull().default(sql`'{}'::text[]`),
    platformOrderIds: text().array().notNull().default(sql`'{}'::text[]`),
    internalCreatedByName: text(),
    sourceEmail: text().notNull(),
    sourceGivenName: text().notNull(),
    sourceSurname: text().notNull(),
    sourcePhone: text().notNull(),
    sourceAddress: jsonb().$type<Address>().notNull(),
    destinationAddress: jsonb().$type<Address>().notNull(),
    destinationPhone: text(),
    currency: char({ length: 3 }).notNull(),
    chargeTotal: money().notNull().default("0"),
    exchangeTotal: money().notNull().default("0"),
    refundTotal: money().notNull().default("0"),
    storeCreditTotal: money().notNull().default("0"),
    /**
     * Who pays for the return label and why (the published return `protection.labelPayer` and
     * `labelPayerReason`): both null until a label is bought and its payer settled, both set together.
     */
    labelPayer: text().$type<LabelPayer>(),
    labelPayerReason: text().$type<LabelPayerReason>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    idPrefixCheck("return", t.id),
    index("returns_store_updated_idx").on(t.storeId, t.updatedAt, t.id),
    index("returns_store_status_updated_idx").on(t.storeId, t.status, t.updatedAt, t.id),
    // The list sorted by creation, with and without a status tab.
    index("returns_store_created_idx").on(t.storeId, t.createdAt, t.id),
    index("returns_store_status_created_idx").on(t.storeId, t.status, t.createdAt, t.id),
    index("returns_order_idx").on(t.orderId),
    check(
      "returns_label_payer_check",
      sql`(${t.labelPayer} is null) = (${t.labelPayerReason} is null)
        and (${t.labelPayer} is null or ${t.labelPayer} in (${sql.raw(LABEL_PAYERS.map((v) => `'${v}'`).join(", "))}))
        and (${t.labelPayerReason} is null
          or ${t.labelPayerReason} in (${sql.raw(LABEL_PAYER_REASONS.map((v) => `'${v}'`).join(", "))}))`,
    ),
  ],
);
