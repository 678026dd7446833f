import { apiRoute, json } from "@/lib/api/route";
import { cycleCounts } from "@/lib/contracts";
import { getCycleCount } from "@/lib/domain/cycle-counts/read";

export const GET = apiRoute(cycleCounts.getCycleCount, async ({ db, params }) =>
  json(await getCycleCount(db, params.storeId, params.cycleCountId)),
);
