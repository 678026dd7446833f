import { SHIPMENTS } from "@/lib/api/csv-import";
import { apiRoute, json } from "@/lib/api/route";
import { inventory } from "@/lib/contracts";

export const POST = apiRoute(inventory.checkInboundShipmentImport, async ({ db, params, request }) =>
  json({ import: SHIPMENTS.check(await SHIPMENTS.read(db, params.storeId, request)) }),
);
