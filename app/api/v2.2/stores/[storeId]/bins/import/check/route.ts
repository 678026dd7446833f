import { binsImport } from "@/lib/api/csv-import";
import { apiRoute, json } from "@/lib/api/route";
import { binImports } from "@/lib/contracts";

export const POST = apiRoute(binImports.checkBinImport, async ({ db, params, query, request }) => {
  const kind = binsImport(query.location_id);
  return json({ import: kind.check(await kind.read(db, params.storeId, request)) });
});
