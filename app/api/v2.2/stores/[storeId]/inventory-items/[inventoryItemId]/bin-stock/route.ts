import { apiRoute, json } from "@/lib/api/route";
import { bins } from "@/lib/contracts";
import { itemBinStock } from "@/lib/domain/bins/bin-stock";

export const GET = apiRoute(bins.getInventoryItemBinStock, async ({ db, params }) =>
  json(await itemBinStock(db, params)),
);
