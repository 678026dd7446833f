import { and, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { inboundShipmentItems, inboundShipments, locations, productVariants, stores } from "../../db/schema";
import { newId, newPurchaseOrderId } from "../../ids";
import type { CreateInboundShipmentRequest } from "../../schemas/inbound-shipment-writes";
import type { InboundShipmentDetail } from "../../schemas/inbound-shipments";
import { type FieldIssue, ValidationError } from "../errors";
import { recordInboundShipmentEvent } from "../events/inbound-shipment-events";
import { getInboundShipment, INBOUND_SHIPMENT_RESOURCE } from "./get";
import { holderOf, referenceTaken } from "./shipment-reference";
import { summarizeShipmentItems } from "./status";
import { isSupplierOf, UNKNOWN_SUPPLIER } from "./supplier-fields";

/**
 * Creating inbound shipments (an advance shipping notice, docs/inbound-shipments.md), from the API or a transfer
 * shipped (insertShipment). Creating records an `inbound_shipment` event in its transaction. Updating and
 * cancelling are change.ts; the merchant's reference (one shipment of the store) is shipment-reference.ts.
 */

type Context = { storeId: string; publicUrl: string };

/** Creates a shipment with its lines (SKUs of the store's catalog) at an active location. */
export async function createInboundShipment(
  db: Db,
  context: Context,
  input: CreateInboundShipmentRequest,
): Promise<InboundShipmentDetail> {
  return db.transaction(async (tx) => {
    const errors: FieldIssue[] = [];
    const [location] = await tx
      .select({ id: locations.id, archivedAt: locations.archivedAt })
      .from(locations)
      .where(and(eq(locations.storeId, context.storeId), eq(locations.id, input.location_id)));
    if (!location) {
      errors.push({
        path: "inbound_shipment.location_id",
        message: "No location with this id exists in this store.",
      });
    } else if (location.archivedAt) {
      errors.push({
        path: "inbound_shipment.location_id",
        message: "This location is archived; restore it or pick another destination.",
      });
    }
    const skus = input.items.map((line) => line.sku);
    const variants = await tx
      .select({ id: productVariants.id, sku: productVariants.sku })
      .from(productVariants)
      .where(and(eq(productVariants.storeId, context.storeId), inArray(productVariants.sku, skus)));
    const variantBySku = new Map(variants.map((v) => [v.sku as string, v.id]));
    input.items.forEach((line, index) => {
      if (!variantBySku.has(line.sku)) {
        errors.push({
          path: `inbound_shipment.items.${index}.sku`,
          message: `No product variant has the SKU ${JSON.stringify(line.sku)} in this store's catalog.`,
        });
      }
    });
    if (input.supplier_id && !(await isSupplierOf(tx, context.storeId, input.supplier_id))) {
      errors.push(UNKNOWN_SUPPLIER);
    }
    if (errors.length > 0) {
      throw new ValidationError(
        INBOUND_SHIPMENT_RESOURCE,
        errors,
        "The shipment names things this store does not have.",
      );
    }

    const id = await insertShipment(tx, context.storeId, {
      locationId: input.location_id,
      shipmentId: input.shipment_id ?? null,
      inTransit: input.status === "IN_TRANSIT",
      carrier: input.carrier ?? null,
      trackingNumber: input.tracking_number ?? null,
      trackingUrl: input.tracking_url ?? null,
      estimatedArrivalDate: input.estimated_arrival_date ?? null,
      freightType: input.freight_type ?? null,
      paymentTerms: input.payment_terms ?? null,
      currency: input.freight_cost?.currency ?? input.duty_cost?.currency,
      freightCost: input.freight_cost?.amount ?? "0",
      dutyCost: input.duty_cost?.amount ?? "0",
      supplierId: input.supplier_id ?? null,
      purchaseOrderName: input.purchase_order ?? null,
      lines: input.items.map((line) => ({
        variantId: variantBySku.get(line.sku) as string,
        quantity: line.quantity,
        unitCost: line.unit_cost ?? null,
      })),
    });
    const shipment = await getInboundShipment(tx, { ...context, inboundShipmentId: id });
    await recordInboundShipmentEvent(tx, context.storeId, "created", shipment);
    return shipment;
  });
}

export type NewShipment = {
  locationId: string;
  shipmentId: string | null;
  inTransit: boolean;
  carrier?: string | null;
  trackingNumber?: string | null;
  trackingUrl?: string | null;
  estimatedArrivalDate?: string | null;
  freightType?: string | null;
  paymentTerms?: string | null;
  /** The costs' currency; the store's when not given. */
  currency?: string;
  freightCost?: string;
  dutyCost?: string;
  supplierId?: string | null;
  /** The purchase order's number; its `po_` id is made here. */
  purchaseOrderName?: string | null;
  lines: { variantId: string; quantity: number; unitCost?: string | null }[];
};

/**
 * Writes a shipment and its lines (one per variant, in order) whose references the caller checked: the create
 * above and a transfer's shipping (lib/domain/transfers). Answers its id; a reference another shipment has is
 * the 409 of `referenceTaken`.
 */
export async function insertShipment(tx: Db, storeId: string, input: NewShipment): Promise<string> {
  const [store] = await tx.select({ currency: stores.currency }).from(stores).where(eq(stores.id, storeId));
  const lines = input.lines.map((line, position) => ({
    id: newId("shipmentItem"),
    variantId: line.variantId,
    position,
    quantity: line.quantity,
    unitCost: line.unitCost ?? null,
    receivedQuantity: 0,
    damagedQuantity: 0,
    missingQuantity: 0,
  }));
  const counts = summarizeShipmentItems(lines);
  const id = newId("inboundShipment");
  const [inserted] = await tx
    .insert(inboundShipments)
    .values({
      id,
      storeId,
      locationId: input.locationId,
      shipmentId: input.shipmentId,
      status: input.inTransit ? "IN_TRANSIT" : "PENDING",
      carrier: input.carrier ?? null,
      trackingNumber: input.trackingNumber ?? null,
      trackingUrl: input.trackingUrl ?? null,
      shippedAt: input.inTransit ? new Date() : null,
      estimatedArrivalDate: input.estimatedArrivalDate ?? null,
      freightType: input.freightType ?? null,
      paymentTerms: input.paymentTerms ?? null,
      currency: input.currency ?? store?.currency ?? "USD",
      freightCost: input.freightCost ?? "0",
      dutyCost: input.dutyCost ?? "0",
      supplierId: input.supplierId ?? null,
      purchaseOrderId: input.purchaseOrderName ? newPurchaseOrderId() : null,
      purchaseOrderName: input.purchaseOrderName ?? null,
      skuCount: counts.skuCount,
      itemCount: counts.itemCount,
      receivedCount: 0,
    })
    // Waits for a racing insert of the same reference to end: then the reference is that shipment's.
    .onConflictDoNothing({
      target: [inboundShipments.storeId, inboundShipments.shipmentId],
      where: sql`${inboundShipments.shipmentId} is not null`,
    })
    .returning({ id: inboundShipments.id });
  if (!inserted) {
    const reference = input.shipmentId as string;
    throw referenceTaken(reference, await holderOf(tx, storeId, reference));
  }
  await tx.insert(inboundShipmentItems).values(lines.map((line) => ({ ...line, shipmentId: id })));
  return id;
}
