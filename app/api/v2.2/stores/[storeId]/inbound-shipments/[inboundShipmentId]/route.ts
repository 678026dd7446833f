import { apiRoute, json } from "@/lib/api/route";
import { readConfig } from "@/lib/config";
import { inventory } from "@/lib/contracts";
import { cancelInboundShipment, updateInboundShipment } from "@/lib/domain/inbound-shipments/change";
import { getInboundShipment } from "@/lib/domain/inbound-shipments/get";

export const GET = apiRoute(inventory.getInboundShipment, async ({ db, params }) =>
  json({ inbound_shipment: await getInboundShipment(db, { ...params, publicUrl: readConfig().publicUrl }) }),
);

export const PATCH = apiRoute(inventory.updateInboundShipment, async ({ db, params, body }) =>
  json({
    inbound_shipment: await updateInboundShipment(
      db,
      { ...params, publicUrl: readConfig().publicUrl },
      body.inbound_shipment,
    ),
  }),
);

export const DELETE = apiRoute(inventory.cancelInboundShipment, async ({ db, params }) => {
  await cancelInboundShipment(db, { ...params, publicUrl: readConfig().publicUrl });
  return new Response(null, { status: 204 });
});
