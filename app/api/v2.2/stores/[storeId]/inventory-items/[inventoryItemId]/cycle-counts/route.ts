import { apiRoute, json } from "@/lib/api/route";
import { cycleCounts } from "@/lib/contracts";
import { itemCycleCountHistory } from "@/lib/domain/cycle-counts/history";

export const GET = apiRoute(cycleCounts.getItemCycleCounts, async ({ db, params }) =>
  json(await itemCycleCountHistory(db, params)),
);
