import { apiRoute, json } from "@/lib/api/route";
import { cycleCounts } from "@/lib/contracts";
import { cancelCycleCount } from "@/lib/domain/cycle-counts/review";

export const POST = apiRoute(cycleCounts.cancelCycleCount, async ({ db, params }) =>
  json(await cancelCycleCount(db, params.storeId, params.cycleCountId)),
);
