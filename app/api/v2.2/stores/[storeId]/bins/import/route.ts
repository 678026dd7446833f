import { binsImport, importStream } from "@/lib/api/csv-import";
import { actorOf } from "@/lib/api/principal";
import { apiRoute } from "@/lib/api/route";
import { readConfig } from "@/lib/config";
import { binImports } from "@/lib/contracts";

export const POST = apiRoute(binImports.importBins, async ({ db, params, query, request, principal }) => {
  const kind = binsImport(query.location_id);
  const plan = await kind.read(db, params.storeId, request);
  const input = { storeId: params.storeId, publicUrl: readConfig().publicUrl, actor: actorOf(principal) };
  return importStream(kind.resource, kind.check(plan), kind.commit(db, input, plan));
});
