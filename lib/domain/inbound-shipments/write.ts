import { and, eq, inArray, ne, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { isUniqueViolation } from "../../db/errors";
import { inboundShipmentItems, inboundShipments, locations, productVariants, stores } from "../../db/schema";
import { isId, newId, newPurchaseOrderId } from "../../ids";
import type {
  CreateInboundShipmentRequest,
  UpdateInboundShipmentRequest,
} from "../../schemas/inbound-shipment-writes";
import type { InboundShipmentDetail } from "../../schemas/inbound-shipments";
import { ConflictError, type FieldIssue, NotFoundError, ValidationError } from "../errors";
import { recordInboundShipmentEvent } from "../events/inbound-shipment-events";
import { getInboundShipment, INBOUND_SHIPMENT_RESOURCE } from "./get";
import { summarizeShipmentItems } from "./status";
import { isSupplierOf, supplierChanges, UNKNOWN_SUPPLIER } from "./supplier-fields";

/**
 * Creating (an advance shipping notice), updating and cancelling inbound shipments (docs/inbound-shipments.md).
 * Each change records an `inbound_shipment` event in its transaction. Receiving changes the counts;
 * here a shipment only moves from PENDING to IN_TRANSIT, and is cancelled only while nothing was received.
 * The merchant's `shipment_id` names one shipment of the store (`inbound_shipments_store_shipment_id_key`):
 * of two requests racing with one reference the database lets one have it, and the other is a 409.
 */

type Context = { storeId: string; publicUrl: string };

const REFERENCE_INDEX = "inbound_shipments_store_shipment_id_key";

/** The 409 for a reference another shipment of the store has (`holder`, when known). */
function referenceTaken(shipmentId: string, holder: string | undefined): ConflictError {
  const message = holder
    ? `Shipment ${holder} already has the reference ${JSON.stringify(shipmentId)}.`
    : `Another shipment took the reference ${JSON.stringify(shipmentId)} at the same time.`;
  return new ConflictError(
    `${INBOUND_SHIPMENT_RESOURCE}/shipment-id-taken`,
    `${message} A reference names one shipment of the store.`,
    [{ path: "inbound_shipment.shipment_id", message }],
  );
}

/** The store's shipment holding `shipmentId` other than `except`, if any. */
async function holderOf(tx: Db, storeId: string, shipmentId: string, except?: string) {
  const [holder] = await tx
    .select({ id: inboundShipments.id })
    .from(inboundShipments)
    .where(
      and(
        eq(inboundShipments.storeId, storeId),
        eq(inboundShipments.shipmentId, shipmentId),
        except ? ne(inboundShipments.id, except) : undefined,
      ),
    );
  return holder?.id;
}

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

/** The shipment's row, locked for the rest of the transaction; 404 for an unknown or foreign id. */
async function lockShipment(tx: Db, storeId: string, inboundShipmentId: string) {
  if (!isId("inboundShipment", inboundShipmentId))
    throw new NotFoundError(INBOUND_SHIPMENT_RESOURCE, inboundShipmentId);
  const [row] = await tx
    .select({ status: inboundShipments.status })
    .from(inboundShipments)
    .where(and(eq(inboundShipments.id, inboundShipmentId), eq(inboundShipments.storeId, storeId)))
    .for("update");
  if (!row) throw new NotFoundError(INBOUND_SHIPMENT_RESOURCE, inboundShipmentId);
  return row;
}

/**
 * Changes the merchant's reference, carrier, tracking, ETA or terms (null clears a field), and marks a PENDING
 * shipment IN_TRANSIT. A request that changes nothing answers the shipment unchanged and records no event.
 */
export async function updateInboundShipment(
  db: Db,
  context: Context & { inboundShipmentId: string },
  input: UpdateInboundShipmentRequest,
): Promise<InboundShipmentDetail> {
  return db.transaction(async (tx) => {
    const current = await lockShipment(tx, context.storeId, context.inboundShipmentId);
    const before = await getInboundShipment(tx, context);
    const set: Partial<typeof inboundShipments.$inferInsert> = {};
    const text = {
      shipment_id: "shipmentId",
      carrier: "carrier",
      tracking_number: "trackingNumber",
      tracking_url: "trackingUrl",
      estimated_arrival_date: "estimatedArrivalDate",
      freight_type: "freightType",
      payment_terms: "paymentTerms",
    } as const;
    for (const [field, column] of Object.entries(text) as [
      keyof typeof text,
      (typeof text)[keyof typeof text],
    ][]) {
      const value = input[field];
      if (value !== undefined && value !== before[field]) set[column] = value;
    }
    Object.assign(set, await supplierChanges(tx, context.storeId, before, input));
    if (input.status === "IN_TRANSIT" && current.status !== "IN_TRANSIT") {
      if (current.status !== "PENDING") {
        throw new ConflictError(
          `${INBOUND_SHIPMENT_RESOURCE}/receiving-started`,
          "Receiving has started on this shipment; its status now follows the received counts.",
        );
      }
      set.status = "IN_TRANSIT";
      set.shippedAt = new Date();
    }
    if (Object.keys(set).length === 0) return before;
    const reference = set.shipmentId;
    if (reference) {
      const holder = await holderOf(tx, context.storeId, reference, context.inboundShipmentId);
      if (holder) throw referenceTaken(reference, holder);
    }
    try {
      await tx
        .update(inboundShipments)
        .set({
          ...set,
          updatedAt: sql`greatest(now(), ${inboundShipments.updatedAt} + interval '1 millisecond')`,
        })
        .where(eq(inboundShipments.id, context.inboundShipmentId));
    } catch (error) {
      // Another shipment took the reference between the check above and this write.
      if (reference && isUniqueViolation(error, REFERENCE_INDEX)) throw referenceTaken(reference, undefined);
      throw error;
    }
    const shipment = await getInboundShipment(tx, context);
    await recordInboundShipmentEvent(tx, context.storeId, "updated", shipment);
    return shipment;
  });
}

/**
 * Cancels a shipment that nothing was received from: it is removed (the published statuses have no
 * "cancelled"), and a `deleted` event carries its last state. Once a unit was received, damaged or missing it
 * is a 409: the receipts are the store's history.
 */
export async function cancelInboundShipment(
  db: Db,
  context: Context & { inboundShipmentId: string },
  /** The transfer that owns the shipment is cancelling it (lib/domain/transfers); the API never sets it. */
  options: { byTransfer?: boolean } = {},
): Promise<void> {
  await db.transaction(async (tx) => {
    await lockShipment(tx, context.storeId, context.inboundShipmentId);
    const shipment = await getInboundShipment(tx, context);
    // Its units already left the transfer's origin: cancelling the transfer returns them there.
    const transfer = shipment.transfer_orders[0];
    if (transfer && !options.byTransfer) {
      throw new ConflictError(
        `${INBOUND_SHIPMENT_RESOURCE}/owned-by-transfer`,
        `This shipment receives transfer ${transfer.id}; cancel the transfer instead, which returns its units to the origin.`,
      );
    }
    if (shipment.received_count + shipment.damaged_count + shipment.missing_count > 0) {
      throw new ConflictError(
        `${INBOUND_SHIPMENT_RESOURCE}/receiving-started`,
        "Units of this shipment were already received; it can no longer be cancelled.",
      );
    }
    await tx.delete(inboundShipments).where(eq(inboundShipments.id, context.inboundShipmentId));
    await recordInboundShipmentEvent(tx, context.storeId, "deleted", shipment);
  });
}
