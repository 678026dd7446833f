import { apiRoute, json } from "@/lib/api/route";
import { cycleCounts } from "@/lib/contracts";
import { submitCycleCount } from "@/lib/domain/cycle-counts/review";

export const POST = apiRoute(cycleCounts.submitCycleCount, async ({ db, params }) =>
  json(await submitCycleCount(db, params.storeId, params.cycleCountId)),
);
