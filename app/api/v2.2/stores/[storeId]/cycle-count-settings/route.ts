import { apiRoute, json } from "@/lib/api/route";
import { cycleCounts } from "@/lib/contracts";
import { getCycleCountSettings, updateCycleCountSettings } from "@/lib/domain/cycle-counts/review";

export const GET = apiRoute(cycleCounts.getCycleCountSettings, async ({ db, params }) =>
  json({ settings: await getCycleCountSettings(db, params.storeId) }),
);

export const PUT = apiRoute(cycleCounts.updateCycleCountSettings, async ({ db, params, body }) =>
  json({ settings: await updateCycleCountSettings(db, params.storeId, body.settings) }),
);
