import { sql } from "drizzle-orm";
import { check, date, foreignKey, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import type { ReceiptDiscrepancyReason } from "../../enums";
import { apiKeys } from "./api-keys";
import { bins } from "./bins";
import { createdAt, idPrefixCheck } from "./columns";
import { inboundShipmentItems } from "./inbound-shipment-items";
import { inboundShipments } from "./inbound-shipments";
import { locations } from "./locations";
import { staffUsers } from "./staff-users";
import { stores } from "./stores";

/**
 * A receipt: what the dock processed of one inbound shipment at one time (docs/receiving.md). Append-only: a
 * mistake is undone by a correcting receipt (`corrects_receipt_id`, negative quantities), never by an edit,
 * so the shipment's counters always equal the sum of its receipts.
 */
export const inboundReceipts = pgTable(
  "inbound_receipts",
  {
    id: text().primaryKey(),
    storeId: text()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    shipmentId: text()
      .notNull()
      .references(() => inboundShipments.id, { onDelete: "cascade" }),
    locationId: text()
      .notNull()
      .references(() => locations.id),
    /** Where the units were put away: a bin or shelf label at the location, as sent. */
    bin: text(),
    /** The active bin `bin` named when the receipt was recorded, which took its received units (docs/bins.md). */
    binId: text(),
    note: text(),
    correctsReceiptId: text(),
    receivedByUserId: text().references(() => staffUsers.id, { onDelete: "set null" }),
    receivedByApiKeyId: text().references(() => apiKeys.id, { onDelete: "set null" }),
    /** The staff member's or API secret's name at the time. */
    receivedByName: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    idPrefixCheck("receipt", t.id),
    index("inbound_receipts_shipment_idx").on(t.shipmentId, t.createdAt, t.id),
    foreignKey({
      name: "inbound_receipts_bin_fk",
      columns: [t.storeId, t.locationId, t.binId],
      foreignColumns: [bins.storeId, bins.locationId, bins.id],
    }),
  ],
);

export const inboundReceiptLines = pgTable(
  "inbound_receipt_lines",
  {
    id: text().primaryKey(),
    receiptId: text()
      .notNull()
      .references(() => inboundReceipts.id, { onDelete: "cascade" }),
    shipmentItemId: text()
      .notNull()
      .references(() => inboundShipmentItems.id, { onDelete: "cascade" }),
    position: integer().notNull().default(0),
    received: integer().notNull().default(0),
    damaged: integer().notNull().default(0),
    missing: integer().notNull().default(0),
    damagedReason: text().$type<ReceiptDiscrepancyReason>(),
    missingReason: text().$type<ReceiptDiscrepancyReason>(),
    note: text(),
    /** The lot of a lot-tracked product's received units, and its expiry (docs/bins.md). */
    lotNumber: text(),
    expirationDate: date({ mode: "string" }),
    /** Photos of damage, stored as comment images (`img_…`, served at /comment-images/{id}). */
    photoIds: text().array().notNull().default(sql`'{}'::text[]`),
    /**
     * The serials (or license plates) the line recorded, as sent, each once: a received line's units, a
     * correcting line's serials taken back. The custody index is what a return's check reads; this is the record.
     */
    serials: text().array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    idPrefixCheck("receiptLine", t.id),
    index("inbound_receipt_lines_receipt_idx").on(t.receiptId, t.position),
    index("inbound_receipt_lines_item_idx").on(t.shipmentItemId),
    check(
      "inbound_receipt_lines_not_empty",
      sql`${t.received} <> 0 or ${t.damaged} <> 0 or ${t.missing} <> 0`,
    ),
  ],
);
