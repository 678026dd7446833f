import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { isUniqueViolation } from "../../db/errors";
import { inboundShipments } from "../../db/schema";
import { isId } from "../../ids";
import type { UpdateInboundShipmentRequest } from "../../schemas/inbound-shipment-writes";
import type { InboundShipmentDetail } from "../../schemas/inbound-shipments";
import { ConflictError, NotFoundError } from "../errors";
import { recordInboundShipmentEvent } from "../events/inbound-shipment-events";
import { getInboundShipment, INBOUND_SHIPMENT_RESOURCE } from "./get";
import { holderOf, REFERENCE_INDEX, referenceTaken } from "./shipment-reference";
import { supplierChanges } from "./supplier-fields";

/**
 * Changing an existing shipment (docs/inbound-shipments.md): its text fields and PENDING -> IN_TRANSIT, or
 * cancelling it while nothing was received. Each takes the shipment's row lock and records an
 * `inbound_shipment` event in its transaction; creating one is write.ts.
 */

type Context = { storeId: string; publicUrl: string };

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
