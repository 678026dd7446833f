import { apiRoute } from "@/lib/api/route";
import { importStream, readShipmentImport } from "@/lib/api/shipment-import";
import { inventory } from "@/lib/contracts";

export const POST = apiRoute(inventory.importInboundShipments, async ({ db, params, request }) =>
  importStream(db, params.storeId, await readShipmentImport(db, request, params.storeId)),
);
