import { inventoryItemPath } from "@/lib/api/params";
import { apiRoute, json, methodNotAllowed } from "@/lib/api/route";
import { getInventoryItem } from "@/lib/domain/inventory-items";

export const GET = apiRoute(
  { resource: "inventory-item", access: "read", params: inventoryItemPath },
  async ({ db, params }) => {
    const item = await getInventoryItem(db, {
      storeId: params.storeId,
      inventoryItemId: params.inventoryItemId,
    });
    return json({ inventory_item: item });
  },
);

export const POST = methodNotAllowed(["GET"]);
export const PUT = methodNotAllowed(["GET"]);
export const PATCH = methodNotAllowed(["GET"]);
export const DELETE = methodNotAllowed(["GET"]);
