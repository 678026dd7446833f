import { apiRoute, json } from "@/lib/api/route";
import { importCheck, readShipmentImport } from "@/lib/api/shipment-import";
import { inventory } from "@/lib/contracts";

export const POST = apiRoute(inventory.checkInboundShipmentImport, async ({ db, params, request }) =>
  json({ import: importCheck(await readShipmentImport(db, request, params.storeId)) }),
);
