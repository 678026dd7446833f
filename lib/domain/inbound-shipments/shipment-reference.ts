import { and, eq, ne } from "drizzle-orm";
import type { Db } from "../../db";
import { inboundShipments } from "../../db/schema";
import { ConflictError } from "../errors";
import { INBOUND_SHIPMENT_RESOURCE } from "./get";

/**
 * The merchant's `shipment_id` names one shipment of the store (`inbound_shipments_store_shipment_id_key`):
 * creating and updating a shipment both check it first and map the index's refusal, when two requests race
 * with one reference, to the same 409.
 */

export const REFERENCE_INDEX = "inbound_shipments_store_shipment_id_key";

/** The 409 for a reference another shipment of the store has (`holder`, when known). */
export function referenceTaken(shipmentId: string, holder: string | undefined): ConflictError {
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
export async function holderOf(tx: Db, storeId: string, shipmentId: string, except?: string) {
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
