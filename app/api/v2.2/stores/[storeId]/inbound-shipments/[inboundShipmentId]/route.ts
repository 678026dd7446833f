import { apiRoute, json } from "@/lib/api/route";
import { readConfig } from "@/lib/config";
import { inventory } from "@/lib/contracts";
import { getInboundShipment } from "@/lib/domain/inbound-shipments/get";

export const GET = apiRoute(inventory.getInboundShipment, async ({ db, params }) =>
  json({ inbound_shipment: await getInboundShipment(db, { ...params, publicUrl: readConfig().publicUrl }) }),
);
