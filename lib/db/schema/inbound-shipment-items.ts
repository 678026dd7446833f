import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { idPrefixCheck, money } from "./columns";
import { inboundShipments } from "./inbound-shipments";
import { productVariants } from "./product-variants";

export const inboundShipmentItems = pgTable(
  "inbound_shipment_items",
  {
    id: text().primaryKey(),
    shipmentId: text()
      .notNull()
      .references(() => inboundShipments.id, { onDelete: "cascade" }),
    variantId: text()
      .notNull()
      .references(() => productVariants.id),
    /** Order of the items within the shipment, as the merchant declared them. */
    position: integer().notNull().default(0),
    quantity: integer().notNull(),
    receivedQuantity: integer().notNull().default(0),
    damagedQuantity: integer().notNull().default(0),
    missingQuantity: integer().notNull().default(0),
    /** What one unit costs from the supplier, in the shipment's currency: a claim line's unit cost. */
    unitCost: money(),
  },
  (t) => [
    idPrefixCheck("shipmentItem", t.id),
    index("inbound_shipment_items_shipment_idx").on(t.shipmentId, t.position),
    index("inbound_shipment_items_variant_idx").on(t.variantId),
    check(
      "inbound_shipment_items_quantities",
      // Received units may exceed the expected quantity (an overage, docs/receiving.md).
      sql`${t.quantity} > 0 and ${t.receivedQuantity} >= 0 and ${t.damagedQuantity} >= 0 and ${t.missingQuantity} >= 0`,
    ),
  ],
);
