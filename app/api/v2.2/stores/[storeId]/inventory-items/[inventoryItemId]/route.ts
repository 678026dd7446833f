import { apiRoute, json } from "@/lib/api/route";
import { inventory } from "@/lib/contracts";
import { getInventoryItem } from "@/lib/domain/inventory-items";

export const GET = apiRoute(inventory.getInventoryItem, async ({ db, params }) => {
  const item = await getInventoryItem(db, {
    storeId: params.storeId,
    inventoryItemId: params.inventoryItemId,
  });
  return json({ inventory_item: item });
});
