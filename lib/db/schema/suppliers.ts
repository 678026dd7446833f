import { sql } from "drizzle-orm";
import {
  char,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  unique,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { SUPPLIER_CLAIM_LINE_SOURCES } from "../../enums";
import { createdAt, idPrefixCheck, money, timestampMs, updatedAt } from "./columns";
import { supplierClaimEventKind, supplierClaimReason, supplierClaimStatus } from "./enums";
import { staffUsers } from "./staff-users";
import { stores } from "./stores";

/**
 * The store's suppliers (docs/suppliers.md): who inbound shipments come from and whom claims are sent to. A
 * small list per store, so no paging index beyond the name order.
 */
export const suppliers = pgTable(
  "suppliers",
  {
    id: text().primaryKey(),
    storeId: text()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    name: text().notNull(),
    /** Where claims are sent. */
    email: text().notNull(),
    /** The merchant's own short code for the supplier (a CSV import matches by it), unique in the store. */
    code: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    idPrefixCheck("supplier", t.id),
    // Shipments and claims name a supplier of their own store (composite foreign keys).
    unique("suppliers_store_id_key").on(t.storeId, t.id),
    uniqueIndex("suppliers_store_name_key").on(t.storeId, sql`lower(${t.name})`),
    uniqueIndex("suppliers_store_code_key").on(t.storeId, t.code).where(sql`${t.code} is not null`),
  ],
);

/**
 * A claim to one supplier for units that arrived damaged, missing, wrong or over, or went back to the vendor.
 * At most one DRAFT per supplier (`supplier_claims_one_draft_key`): receipts add their lines to it, and of two
 * receipts racing to open it the database lets one insert and the other joins (lib/domain/suppliers/draft.ts).
 */
export const supplierClaims = pgTable(
  "supplier_claims",
  {
    id: text().primaryKey(),
    storeId: text()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    supplierId: text().notNull(),
    status: supplierClaimStatus().notNull().default("DRAFT"),
    currency: char({ length: 3 }).notNull(),
    /** Sum of the lines' quantity × unit cost, kept with the lines. */
    totalAmount: money().notNull().default("0"),
    /** What the supplier credited; set when CREDITED. */
    creditedAmount: money(),
    dueDate: date({ mode: "string" }).notNull(),
    lineCount: integer().notNull().default(0),
    unitCount: integer().notNull().default(0),
    note: text(),
    sentAt: timestampMs(),
    resolvedAt: timestampMs(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    idPrefixCheck("supplierClaim", t.id),
    foreignKey({
      name: "supplier_claims_supplier_fk",
      columns: [t.storeId, t.supplierId],
      foreignColumns: [suppliers.storeId, suppliers.id],
    }),
    uniqueIndex("supplier_claims_one_draft_key").on(t.supplierId).where(sql`${t.status} = 'DRAFT'`),
    // Keyset order of the list (updated_at desc, id desc), alone and under the status and supplier filters.
    index("supplier_claims_store_updated_idx").on(t.storeId, t.updatedAt, t.id),
    index("supplier_claims_store_status_updated_idx").on(t.storeId, t.status, t.updatedAt, t.id),
    index("supplier_claims_supplier_updated_idx").on(t.supplierId, t.updatedAt, t.id),
    check(
      "supplier_claims_amounts_nonnegative",
      sql`${t.totalAmount} >= 0 and (${t.creditedAmount} is null or ${t.creditedAmount} >= 0)`,
    ),
  ],
);

/** A claim's lines: one per receipt line and reason (or per return-to-vendor unit batch). */
export const supplierClaimLines = pgTable(
  "supplier_claim_lines",
  {
    id: text().primaryKey(),
    claimId: text()
      .notNull()
      .references(() => supplierClaims.id, { onDelete: "cascade" }),
    position: integer().notNull().default(0),
    reason: supplierClaimReason().notNull(),
    /**
     * Where the units came from: a receipt of a shipment, or a return (return_to_vendor); neither for a line added
     * by hand on a draft (its `source` is then manual).
     */
    inboundShipmentId: text(),
    receiptId: text(),
    returnId: text(),
    /**
     * Stored, and tied to the ids by a CHECK: a path that drafted from a receipt or a return without naming it
     * fails instead of making an uncapped "manual" line.
     */
    source: text({ enum: SUPPLIER_CLAIM_LINE_SOURCES }).notNull(),
    variantId: text(),
    sku: text(),
    title: text().notNull(),
    /** Units claimed; 0 once staff removed the line (it then leaves the claim's lines, not the table). */
    quantity: integer().notNull(),
    /**
     * Units the source recorded that staff chose not to claim (a draft's line lowered or removed): quantity +
     * waived_quantity is always what the receipt or return put on the line, so every unit stays explained.
     */
    waivedQuantity: integer().notNull().default(0),
    unitCost: money().notNull().default("0"),
    /** The receipt line's photos (comment images, `img_…`). */
    photoIds: text().array().notNull().default(sql`'{}'::text[]`),
    note: text(),
    createdAt: createdAt(),
  },
  (t) => [
    idPrefixCheck("supplierClaimLine", t.id),
    index("supplier_claim_lines_claim_idx").on(t.claimId, t.position),
    check(
      "supplier_claim_lines_quantity_recorded",
      sql`${t.quantity} >= 0 and ${t.waivedQuantity} >= 0 and ${t.quantity} + ${t.waivedQuantity} > 0`,
    ),
    check("supplier_claim_lines_cost_nonnegative", sql`${t.unitCost} >= 0`),
    check(
      "supplier_claim_lines_source",
      sql`(${t.source} = 'receipt' and ${t.receiptId} is not null and ${t.returnId} is null)
        or (${t.source} = 'return' and ${t.returnId} is not null and ${t.receiptId} is null)
        or (${t.source} = 'manual' and ${t.receiptId} is null and ${t.returnId} is null)`,
    ),
  ],
);

/** Every state change of a claim, with who and when (and the amount of a credit). Append-only. */
export const supplierClaimEvents = pgTable(
  "supplier_claim_events",
  {
    id: text().primaryKey(),
    claimId: text()
      .notNull()
      .references(() => supplierClaims.id, { onDelete: "cascade" }),
    kind: supplierClaimEventKind().notNull(),
    actorName: text().notNull(),
    actorUserId: text().references(() => staffUsers.id, { onDelete: "set null" }),
    amount: money(),
    note: text(),
    createdAt: createdAt(),
  },
  (t) => [
    idPrefixCheck("supplierClaimEvent", t.id),
    index("supplier_claim_events_claim_idx").on(t.claimId, t.createdAt),
  ],
);
