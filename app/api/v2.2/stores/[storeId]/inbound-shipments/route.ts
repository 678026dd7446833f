import { nextPageHeaders, readPage } from "@/lib/api/paging";
import { apiRoute, json } from "@/lib/api/route";
import { readConfig } from "@/lib/config";
import { inventory } from "@/lib/contracts";
import { shipmentFiltersOf } from "@/lib/domain/inbound-shipments/filters";
import { listInboundShipmentsJson } from "@/lib/domain/inbound-shipments/list";
import { createInboundShipment } from "@/lib/domain/inbound-shipments/write";

export const GET = apiRoute(inventory.listInboundShipments, async ({ db, params, query, headers }) => {
  const filters = { storeId: params.storeId, ...query };
  const page = await readPage(db, headers, filters, "inbound-shipment");
  const result = await listInboundShipmentsJson(db, {
    publicUrl: readConfig().publicUrl,
    ...shipmentFiltersOf(params.storeId, query),
    ...page,
  });
  // The page's JSON comes rendered by the database; only the wrapper is added here.
  return new Response(`{"inbound_shipments":${result.json}}`, {
    headers: { "Content-Type": "application/json", ...(await nextPageHeaders(db, result.next, filters)) },
  });
});

export const POST = apiRoute(inventory.createInboundShipment, async ({ db, params, body }) =>
  json(
    {
      inbound_shipment: await createInboundShipment(
        db,
        { storeId: params.storeId, publicUrl: readConfig().publicUrl },
        body.inbound_shipment,
      ),
    },
    { status: 201 },
  ),
);
