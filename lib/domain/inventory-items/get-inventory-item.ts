import { and, eq } from "drizzle-orm";
import type { Db } from "../../db";
import { inventoryItems } from "../../db/schema";
import { isId } from "../../ids";
import type { InventoryItem } from "../../schemas/inventory-items";
import { NotFoundError } from "../errors";
import { inventoryItemColumns, loadItemHeld, loadItemLocations, serializeInventoryItem } from "./serialize";

/**
 * One inventory item of the store with its stock per location.
 * NotFoundError("inventory-item") for a malformed or unknown id and for another store's item.
 * An item with no stock left is still returned (quantity 0).
 */
export async function getInventoryItem(
  db: Db,
  params: { storeId: string; inventoryItemId: string },
): Promise<InventoryItem> {
  const { storeId, inventoryItemId } = params;
  if (!isId("inventoryItem", inventoryItemId)) throw new NotFoundError("inventory-item", inventoryItemId);
  const [row] = await db
    .select(inventoryItemColumns(inventoryItems))
    .from(inventoryItems)
    .where(and(eq(inventoryItems.id, inventoryItemId), eq(inventoryItems.storeId, storeId)))
    .limit(1);
  if (!row) throw new NotFoundError("inventory-item", inventoryItemId);
  const itemLocations = await loadItemLocations(db, [row.id]);
  const held = await loadItemHeld(db, [row.id]);
  return serializeInventoryItem(row, itemLocations.get(row.id) ?? [], held.get(row.id));
}

/** The route's store resolver: the item must be the path store's (404 otherwise) before a body is read. */
export async function findInventoryItemStore(
  db: Db,
  params: { storeId: string; inventoryItemId: string },
): Promise<string> {
  const notFound = new NotFoundError("inventory-item", params.inventoryItemId);
  if (!isId("inventoryItem", params.inventoryItemId)) throw notFound;
  const [row] = await db
    .select({ id: inventoryItems.id })
    .from(inventoryItems)
    .where(and(eq(inventoryItems.id, params.inventoryItemId), eq(inventoryItems.storeId, params.storeId)))
    .limit(1);
  if (!row) throw notFound;
  return params.storeId;
}
