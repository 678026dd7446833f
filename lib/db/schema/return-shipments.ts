import { sql } from "drizzle-orm";
import { index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { idPrefixCheck, timestampMs } from "./columns";
import { returnShipmentStatus } from "./enums";
import { returns } from "./returns";

/**
 * Shipments carrying the returned items back. The interface shows a single `shipment` (the first by
 * position) beside the full `shipments` list.
 */
export const returnShipments = pgTable(
  "return_shipments",
  {
    id: text().primaryKey(),
    returnId: text()
      .notNull()
      .references(() => returns.id, { onDelete: "cascade" }),
    position: integer().notNull().default(0),
    carrier: text(),
    tracker: text(),
    trackingUrl: text(),
    postageLabel: text(),
    formLabel: text(),
    shipmentGroupId: text(),
    externalLocationId: text(),
    estimatedDeliveryDate: text(),
    deliveredAt: timestampMs(),
    status: returnShipmentStatus().notNull().default("unknown"),
    itemIds: text().array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [
    idPrefixCheck("returnShipment", t.id),
    index("return_shipments_return_idx").on(t.returnId, t.position),
    // A return parcel's tracking number finds its return (the app's search).
    index("return_shipments_tracker_idx").on(t.tracker),
  ],
);
