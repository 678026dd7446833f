import type { Db } from "../../db";
import type { InboundShipmentDetail } from "../../schemas/inbound-shipments";
import { recordEvents } from "./record";

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
