import { and, eq } from "drizzle-orm";
import type { Db } from "../../db";
import { type inboundShipments, suppliers } from "../../db/schema";
import { newPurchaseOrderId } from "../../ids";
import type { UpdateInboundShipmentRequest } from "../../schemas/inbound-shipment-writes";
import type { InboundShipmentDetail } from "../../schemas/inbound-shipments";
import { type FieldIssue, ValidationError } from "../errors";
import { INBOUND_SHIPMENT_RESOURCE } from "./get";

/** A shipment's supplier and purchase order (docs/suppliers.md), as create and PATCH write them. */

export const UNKNOWN_SUPPLIER: FieldIssue = {
  path: "inbound_shipment.supplier_id",
  message: "No supplier with this id exists in this store.",
};

/** The supplier is one of the store's (a shipment names a supplier of its own store). */
export async function isSupplierOf(tx: Db, storeId: string, supplierId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: suppliers.id })
    .from(suppliers)
    .where(and(eq(suppliers.storeId, storeId), eq(suppliers.id, supplierId)));
  return rows.length > 0;
}

/**
 * The columns a PATCH's `supplier_id` and `purchase_order` change (none when they equal the shipment's). A
 * renamed purchase order keeps its `po_` id; a new one gets one.
 */
export async function supplierChanges(
  tx: Db,
  storeId: string,
  before: InboundShipmentDetail,
  input: UpdateInboundShipmentRequest,
): Promise<Partial<typeof inboundShipments.$inferInsert>> {
  const set: Partial<typeof inboundShipments.$inferInsert> = {};
  if (input.supplier_id !== undefined && input.supplier_id !== (before.supplier?.id ?? null)) {
    if (input.supplier_id && !(await isSupplierOf(tx, storeId, input.supplier_id))) {
      throw new ValidationError(INBOUND_SHIPMENT_RESOURCE, [UNKNOWN_SUPPLIER]);
    }
    set.supplierId = input.supplier_id;
  }
  const purchaseOrder = before.purchase_orders[0];
  if (input.purchase_order !== undefined && input.purchase_order !== (purchaseOrder?.name ?? null)) {
    set.purchaseOrderName = input.purchase_order;
    set.purchaseOrderId = input.purchase_order ? (purchaseOrder?.id ?? newPurchaseOrderId()) : null;
  }
  return set;
}
