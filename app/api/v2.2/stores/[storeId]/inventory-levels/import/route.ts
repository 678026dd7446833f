import { COUNTS, importStream } from "@/lib/api/csv-import";
import { actorOf } from "@/lib/api/principal";
import { apiRoute } from "@/lib/api/route";
import { readConfig } from "@/lib/config";
import { inventoryLevels } from "@/lib/contracts";

export const POST = apiRoute(
  inventoryLevels.importInventoryCounts,
  async ({ db, params, request, principal }) => {
    const plan = await COUNTS.read(db, params.storeId, request);
    const input = { storeId: params.storeId, publicUrl: readConfig().publicUrl, actor: actorOf(principal) };
    return importStream(COUNTS.resource, COUNTS.check(plan), COUNTS.commit(db, input, plan));
  },
);
