import { apiRoute, json } from "@/lib/api/route";
import { putaway } from "@/lib/contracts";
import { listPutawayRules, replacePutawayRules } from "@/lib/domain/bins/putaway-rules";

export const GET = apiRoute(putaway.listPutawayRules, async ({ db, params }) =>
  json({ rules: await listPutawayRules(db, params) }),
);

export const PUT = apiRoute(putaway.replacePutawayRules, async ({ db, params, body }) =>
  json({ rules: await replacePutawayRules(db, params, body.rules) }),
);
