import { actorOf } from "@/lib/api/principal";
import { apiRoute, json } from "@/lib/api/route";
import { returnList } from "@/lib/contracts";
import { importReturns } from "@/lib/domain/returns/import";

export const POST = apiRoute(returnList.importReturns, async ({ db, params, body, principal }) =>
  json(await importReturns(db, { storeId: params.storeId, actor: actorOf(principal) }, body.returns)),
);
