import { sql } from "drizzle-orm";
import { check, foreignKey, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, idPrefixCheck, timestampMs, updatedAt } from "./columns";
import { transferStatus } from "./enums";
import { inboundShipments } from "./inbound-shipments";
import { inventoryItems } from "./inventory-items";
import { locations } from "./locations";
import { stores } from "./stores";

/**
 * Transfers of units between two locations of a store (docs/transfers.md). Shipping one moves its units out of
 * the origin (ledger rows, reason `transfer_out`) and creates the inbound shipment at the destination that
 * Receive mode receives; the status then follows that shipment's receipts. The row lock of a transfer is what
 * serialises its ship and cancel, and the guarded status change in SQL decides which of two racing wins.
 */
export const transfers = pgTable(
  "transfers",
  {
    id: text().primaryKey(),
    storeId: text()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    originLocationId: text().notNull(),
    destinationLocationId: text().notNull(),
    status: transferStatus().notNull().default("DRAFT"),
    /** The destination's receivable work, from shipping on; null while a draft and once cancelled. */
    inboundShipmentId: text().references(() => inboundShipments.id, { onDelete: "set null" }),
    note: text(),
    lineCount: integer().notNull().default(0),
    unitCount: integer().notNull().default(0),
    createdByName: text(),
    shippedAt: timestampMs(),
    shippedByName: text(),
    closedAt: timestampMs(),
    cancelledAt: timestampMs(),
    cancelledByName: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    idPrefixCheck("transfer", t.id),
    foreignKey({
      name: "transfers_origin_fk",
      columns: [t.storeId, t.originLocationId],
      foreignColumns: [locations.storeId, locations.id],
    }),
    foreignKey({
      name: "transfers_destination_fk",
      columns: [t.storeId, t.destinationLocationId],
      foreignColumns: [locations.storeId, locations.id],
    }),
    // Keyset order of the list (updated_at desc, id desc), alone and under the status filter.
    index("transfers_store_updated_idx").on(t.storeId, t.updatedAt, t.id),
    index("transfers_store_status_updated_idx").on(t.storeId, t.status, t.updatedAt, t.id),
    // A receipt finds the transfer its shipment belongs to; a shipment belongs to one transfer at most.
    uniqueIndex("transfers_inbound_shipment_key")
      .on(t.inboundShipmentId)
      .where(sql`${t.inboundShipmentId} is not null`),
    check("transfers_two_locations", sql`${t.originLocationId} <> ${t.destinationLocationId}`),
    check("transfers_counts_nonnegative", sql`${t.lineCount} >= 0 and ${t.unitCount} >= 0`),
  ],
);

/** A transfer's lines: an inventory item (a catalog product's) and the units to move, one line per item. */
export const transferLines = pgTable(
  "transfer_lines",
  {
    id: text().primaryKey(),
    transferId: text()
      .notNull()
      .references(() => transfers.id, { onDelete: "cascade" }),
    inventoryItemId: text()
      .notNull()
      .references(() => inventoryItems.id, { onDelete: "cascade" }),
    position: integer().notNull().default(0),
    quantity: integer().notNull(),
  },
  (t) => [
    idPrefixCheck("transferLine", t.id),
    uniqueIndex("transfer_lines_transfer_item_key").on(t.transferId, t.inventoryItemId),
    index("transfer_lines_item_idx").on(t.inventoryItemId),
    check("transfer_lines_quantity_positive", sql`${t.quantity} > 0`),
  ],
);
