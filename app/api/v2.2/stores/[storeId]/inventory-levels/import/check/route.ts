import { COUNTS } from "@/lib/api/csv-import";
import { apiRoute, json } from "@/lib/api/route";
import { inventoryLevels } from "@/lib/contracts";

export const POST = apiRoute(inventoryLevels.checkInventoryCountImport, async ({ db, params, request }) =>
  json({ import: COUNTS.check(await COUNTS.read(db, params.storeId, request)) }),
);
