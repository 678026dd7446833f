import { type SQL, sql } from "drizzle-orm";
import {
  char,
  check,
  date,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, idPrefixCheck, money, timestampMs, updatedAt } from "./columns";
import { inboundShipmentStatus } from "./enums";
import { locations } from "./locations";
import { stores } from "./stores";
import { suppliers } from "./suppliers";

/**
 * The 7-day bucket of a timestamp (weeks starting Monday 00:00 UTC). date_bin with a fixed origin is
 * immutable, as a stored generated column requires; the list computes a range's buckets the same way.
 */
export const createdWeekOf = (timestamp: SQL) =>
  sql`date_bin('7 days', ${timestamp}, timestamptz '2000-01-03 00:00:00+00')`;

/**
 * Inbound shipments to one of the store's locations. The counts (sku_count, item_count, received_count)
 * are kept on the row by the domain layer whenever items change, so the list endpoint reads one row per
 * shipment and its keyset index serves the order without aggregating items.
 */
export const inboundShipments = pgTable(
  "inbound_shipments",
  {
    id: text().primaryKey(),
    storeId: text()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    locationId: text().notNull(),
    /** Merchant-assigned identifier (e.g. an ASN or PO number), unique in the store when given. */
    shipmentId: text(),
    status: inboundShipmentStatus().notNull(),
    carrier: text(),
    trackingNumber: text(),
    trackingUrl: text(),
    /** When the supplier handed the shipment to the carrier; null while PENDING. */
    shippedAt: timestampMs(),
    estimatedArrivalDate: date({ mode: "string" }),
    actualArrivalDate: date({ mode: "string" }),
    freightType: text(),
    paymentTerms: text(),
    /** Who the shipment comes from (docs/suppliers.md): claims for its discrepancies go to this supplier. */
    supplierId: text(),
    /** The purchase order, published in `purchase_orders` as `{ id: po_…, name }`; the id is kept with the name. */
    purchaseOrderId: text(),
    purchaseOrderName: text(),
    currency: char({ length: 3 }).notNull(),
    freightCost: money().notNull().default("0"),
    dutyCost: money().notNull().default("0"),
    skuCount: integer().notNull().default(0),
    itemCount: integer().notNull().default(0),
    receivedCount: integer().notNull().default(0),
    /**
     * Units the dock has dealt with, each line capped at its expected quantity: sum of least(quantity, received +
     * damaged + missing). Not published; kept so a receipt derives the status (decisions §9) from this row alone
     * instead of summing every line under the shipment's lock (lib/domain/inbound-shipments/receipt-effects.ts).
     */
    coveredCount: integer().notNull().default(0),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * The start of the 7-day bucket created_at falls in, kept by the database. A created_at range on the
     * list is answered bucket by bucket, each bucket's rows read in updated_at order from
     * `inbound_shipments_store_created_week_updated_idx` (lib/domain/inbound-shipments/list.ts).
     */
    createdWeek: timestampMs().generatedAlwaysAs(createdWeekOf(sql`created_at`)),
  },
  (t) => [
    idPrefixCheck("inboundShipment", t.id),
    foreignKey({
      name: "inbound_shipments_supplier_fk",
      columns: [t.storeId, t.supplierId],
      foreignColumns: [suppliers.storeId, suppliers.id],
    }),
    // The scorecard reads a supplier's shipments.
    index("inbound_shipments_supplier_idx")
      .on(t.supplierId, t.createdAt)
      .where(sql`${t.supplierId} is not null`),
    foreignKey({
      name: "inbound_shipments_location_fk",
      columns: [t.storeId, t.locationId],
      foreignColumns: [locations.storeId, locations.id],
    }),
    // Keyset order (updated_at desc, id desc) per store, alone and under each equality filter. The indexes
    // are ascending and read backwards: "ORDER BY ... DESC" means NULLS FIRST, which a backward scan of an
    // ascending index gives, while an index declared DESC (NULLS LAST) would not be used for it.
    // created_at trails each key so a created_at range is checked on the index entry, before the heap is
    // read: the scan in updated_at order skips non-matching rows at index speed (a range on the first
    // page of 1M shipments: 336 ms → ~17 ms, docs/performance.md).
    index("inbound_shipments_store_updated_idx").on(t.storeId, t.updatedAt, t.id, t.createdAt),
    index("inbound_shipments_store_status_updated_idx").on(
      t.storeId,
      t.status,
      t.updatedAt,
      t.id,
      t.createdAt,
    ),
    index("inbound_shipments_store_location_updated_idx").on(
      t.storeId,
      t.locationId,
      t.updatedAt,
      t.id,
      t.createdAt,
    ),
    index("inbound_shipments_store_status_location_updated_idx").on(
      t.storeId,
      t.status,
      t.locationId,
      t.updatedAt,
      t.id,
      t.createdAt,
    ),
    index("inbound_shipments_store_created_idx").on(t.storeId, t.createdAt),
    // A created_at range, ordered by updated_at: one short index scan per week of the range, merged
    // (alone, and under the status filter). created_at trails so the range's partial first and last
    // weeks are checked on the index entry.
    index("inbound_shipments_store_created_week_updated_idx").on(
      t.storeId,
      t.createdWeek,
      t.updatedAt,
      t.id,
      t.createdAt,
    ),
    index("inbound_shipments_store_status_created_week_updated_idx").on(
      t.storeId,
      t.status,
      t.createdWeek,
      t.updatedAt,
      t.id,
      t.createdAt,
    ),
    // Imports match rows to shipments by the merchant's reference (docs/csv.md "Import"), so a reference names
    // one shipment: of two imports or creates racing with one reference, the database lets one insert it.
    uniqueIndex("inbound_shipments_store_shipment_id_key")
      .on(t.storeId, t.shipmentId)
      .where(sql`${t.shipmentId} is not null`),
    // A scanned carton label finds its shipment (the list's `q`, the app's search).
    index("inbound_shipments_store_tracking_idx").on(t.storeId, t.trackingNumber),
    // The overview's (and the list's) `late` and `arriving_within_days`: only shipments still to arrive, by
    // expected day, so the counts are index-only scans of the outstanding few and not of the store's history.
    index("inbound_shipments_store_outstanding_arrival_idx")
      .on(t.storeId, t.estimatedArrivalDate)
      .where(sql`${t.status} in ('PENDING', 'IN_TRANSIT', 'PARTIALLY_RECEIVED')`),
    // The overview's units expected vs received per week: an index-only scan of the weeks' shipments (the
    // counts are key columns because Drizzle declares no INCLUDE; nothing filters or sorts by them).
    index("inbound_shipments_store_arrival_idx").on(
      t.storeId,
      t.estimatedArrivalDate,
      t.itemCount,
      t.receivedCount,
    ),
    check(
      "inbound_shipments_counts_nonnegative",
      sql`${t.skuCount} >= 0 and ${t.itemCount} >= 0 and ${t.receivedCount} >= 0`,
    ),
    // The list relies on it: a created_at lower bound is also an updated_at lower bound, which stops the
    // keyset index scan where no further row can match.
    check("inbound_shipments_updated_after_created", sql`${t.updatedAt} >= ${t.createdAt}`),
    check("inbound_shipments_costs_nonnegative", sql`${t.freightCost} >= 0 and ${t.dutyCost} >= 0`),
  ],
);
