import type { Db } from "../../db";
import type { InboundShipmentDetail } from "../../schemas/inbound-shipments";
import { consumeEventMark } from "./coalesce";
import { recordEvents } from "./record";

/**
 * Records an `inbound_shipment` event for a shipment created, updated or cancelled (`deleted`, with its last
 * state), its payload the shipment as Get inbound shipment answers it. Called inside the change's transaction,
 * after the shipment's row lock was taken. The snapshot covers every change committed so far, so a pending
 * coalesced `updated` mark of the shipment (a receipt's) is satisfied by it and removed.
 */
export async function recordInboundShipmentEvent(
  tx: Db,
  storeId: string,
  type: "created" | "updated" | "deleted",
  shipment: InboundShipmentDetail,
): Promise<void> {
  await consumeEventMark(tx, "inbound_shipment", shipment.id);
  await recordEvents(tx, {
    storeId,
    topic: "inbound_shipment",
    type,
    events: [{ subject: { id: shipment.id }, payload: { inbound_shipment: shipment } }],
  });
}
