import { importStream, PRODUCTS } from "@/lib/api/csv-import";
import { actorOf } from "@/lib/api/principal";
import { apiRoute } from "@/lib/api/route";
import { readConfig } from "@/lib/config";
import { products } from "@/lib/contracts";

export const POST = apiRoute(products.importProducts, async ({ db, params, request, principal }) => {
  const plan = await PRODUCTS.read(db, params.storeId, request);
  const input = { storeId: params.storeId, publicUrl: readConfig().publicUrl, actor: actorOf(principal) };
  return importStream(PRODUCTS.resource, PRODUCTS.check(plan), PRODUCTS.commit(db, input, plan));
});
