import { importStream, SUPPLIERS } from "@/lib/api/csv-import";
import { actorOf } from "@/lib/api/principal";
import { apiRoute } from "@/lib/api/route";
import { readConfig } from "@/lib/config";
import { supplierImports } from "@/lib/contracts";

export const POST = apiRoute(supplierImports.importSuppliers, async ({ db, params, request, principal }) => {
  const plan = await SUPPLIERS.read(db, params.storeId, request);
  const input = { storeId: params.storeId, publicUrl: readConfig().publicUrl, actor: actorOf(principal) };
  return importStream(SUPPLIERS.resource, SUPPLIERS.check(plan), SUPPLIERS.commit(db, input, plan));
});
