import { apiRoute, json } from "@/lib/api/route";
import { dispositions } from "@/lib/contracts";
import { itemStockStates } from "@/lib/domain/dispositions/stock-state-read";

export const GET = apiRoute(dispositions.getInventoryItemStockStates, async ({ db, params }) =>
  json(await itemStockStates(db, params)),
);
