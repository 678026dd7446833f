import { importStream, SHIPMENTS } from "@/lib/api/csv-import";
import { actorOf } from "@/lib/api/principal";
import { apiRoute } from "@/lib/api/route";
import { readConfig } from "@/lib/config";
import { inventory } from "@/lib/contracts";

export const POST = apiRoute(inventory.importInboundShipments, async ({ db, params, request, principal }) => {
  const plan = await SHIPMENTS.read(db, params.storeId, request);
  const input = { storeId: params.storeId, publicUrl: readConfig().publicUrl, actor: actorOf(principal) };
  return importStream(SHIPMENTS.resource, SHIPMENTS.check(plan), SHIPMENTS.commit(db, input, plan));
});
