import type { Db } from "../../db";
import type { InboundShipmentDetail } from "../../schemas/inbound-shipments";
import { inboundShipmentDetailQuery } from "../inbound-shipments/get";
import { recordEventRenderedInDatabase, recordEvents } from "./record";

/**
 * Records an `inbound_shipment` event for a shipment created, updated or cancelled (`deleted`, with its last
 * state), its payload the shipment as Get inbound shipment answers it. Called inside the change's transaction,
 * after the shipment's row lock was taken.
 */
export async function recordInboundShipmentEvent(
  tx: Db,
  storeId: string,
  type: "created" | "updated" | "deleted",
  shipment: InboundShipmentDetail,
): Promise<void> {
  await recordEvents(tx, {
    storeId,
    topic: "inbound_shipment",
    type,
    events: [{ subject: { id: shipment.id }, payload: { inbound_shipment: shipment } }],
  });
}

/**
 * The same event with the snapshot rendered by the database inside the INSERT, for a change that does not
 * itself answer with the detail (a receipt sent with `Prefer: return=minimal`, a scanner's one-unit receipt).
 */
export async function recordInboundShipmentUpdatedInDatabase(
  tx: Db,
  params: { storeId: string; inboundShipmentId: string; publicUrl: string },
): Promise<void> {
  await recordEventRenderedInDatabase(tx, {
    storeId: params.storeId,
    topic: "inbound_shipment",
    type: "updated",
    subjectId: params.inboundShipmentId,
    bodyKey: "inbound_shipment",
    render: inboundShipmentDetailQuery(params),
  });
}
