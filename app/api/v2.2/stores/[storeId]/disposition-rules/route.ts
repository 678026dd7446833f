import { apiRoute, json } from "@/lib/api/route";
import { dispositions } from "@/lib/contracts";
import { listDispositionRules, replaceDispositionRules } from "@/lib/domain/dispositions/rules";

export const GET = apiRoute(dispositions.listDispositionRules, async ({ db, params }) =>
  json({ rules: await listDispositionRules(db, params.storeId) }),
);

export const PUT = apiRoute(dispositions.replaceDispositionRules, async ({ db, params, body }) =>
  json({ rules: await replaceDispositionRules(db, params.storeId, body.rules) }),
);
