import { apiRoute, json } from "@/lib/api/route";
import { cycleCounts } from "@/lib/contracts";
import { recordCycleCounts } from "@/lib/domain/cycle-counts/counting";

export const POST = apiRoute(cycleCounts.recordCycleCounts, async ({ db, params, body }) =>
  json(await recordCycleCounts(db, { ...params, counts: body.counts })),
);
