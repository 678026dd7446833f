import { apiRoute, json } from "@/lib/api/route";
import { inventoryLevels } from "@/lib/contracts";
import { getInventoryLevel } from "@/lib/domain/inventory-levels/levels";

export const GET = apiRoute(inventoryLevels.getInventoryLevel, async ({ db, params }) =>
  json({ inventory_level: await getInventoryLevel(db, params) }),
);
