import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db";
import { inventoryItems, locations } from "../../db/schema";
import { type FieldIssue, ValidationError } from "../errors";
import { productItemIdsBy } from "../inventory-items/product-items-by";
import type { ApplyMovementsInput, LevelChange } from "./movements";

/**
 * The references of a batch of level changes (lib/domain/inventory-levels/movements.ts), found before anything
 * is locked: each change's item by id or SKU, and its location, active. Every unknown reference is one error,
 * all at once. Callers that read them themselves in their transaction skip this (`referencesChecked`).
 */

export const INVENTORY_MOVEMENT_RESOURCE = "inventory-movement";

export type ResolvedChange = LevelChange & { index: number; itemId: string };

/** Finds each change's item and checks its location; every unknown reference is one error, all at once. */
export async function resolveChanges(tx: Db, input: ApplyMovementsInput): Promise<ResolvedChange[]> {
  const path = input.path ?? "movements";
  const ids = [...new Set(input.changes.flatMap((c) => (c.inventoryItemId ? [c.inventoryItemId] : [])))];
  const skus = [...new Set(input.changes.flatMap((c) => (c.sku ? [c.sku] : [])))];
  const locationIds = [...new Set(input.changes.map((c) => c.locationId))];
  const byId = new Set(
    ids.length === 0
      ? []
      : (
          await tx
            .select({ id: inventoryItems.id })
            .from(inventoryItems)
            .where(and(eq(inventoryItems.storeId, input.storeId), inArray(inventoryItems.id, ids)))
        ).map((row) => row.id),
  );
  const bySku = await productItemIdsBy(tx, input.storeId, "sku", skus);
  const locationRows = await tx
    .select({ id: locations.id, archivedAt: locations.archivedAt })
    .from(locations)
    .where(and(eq(locations.storeId, input.storeId), inArray(locations.id, locationIds)));
  const archived = new Map(locationRows.map((row) => [row.id, row.archivedAt !== null]));

  const errors: FieldIssue[] = [];
  const resolved: ResolvedChange[] = [];
  input.changes.forEach((change, index) => {
    let itemId: string | undefined;
    if (change.inventoryItemId !== undefined) {
      if (byId.has(change.inventoryItemId)) itemId = change.inventoryItemId;
      else {
        errors.push({
          path: `${path}.${index}.inventory_item_id`,
          message: `No inventory item with id ${JSON.stringify(change.inventoryItemId)} exists in this store.`,
        });
      }
    } else if (change.sku !== undefined) {
      const matches = bySku.get(change.sku) ?? [];
      if (matches.length === 1) itemId = matches[0];
      else {
        errors.push({
          path: `${path}.${index}.sku`,
          message:
            matches.length === 0
              ? `No product inventory item has the SKU ${JSON.stringify(change.sku)} in this store.`
              : `Several inventory items have the SKU ${JSON.stringify(change.sku)}; give inventory_item_id instead.`,
        });
      }
    }
    const isArchived = archived.get(change.locationId);
    if (isArchived === undefined) {
      errors.push({
        path: `${path}.${index}.location_id`,
        message: `No location with id ${JSON.stringify(change.locationId)} exists in this store.`,
      });
    } else if (isArchived) {
      errors.push({
        path: `${path}.${index}.location_id`,
        message: "This location is archived; restore it before changing its stock.",
      });
    }
    if (itemId && isArchived === false) resolved.push({ ...change, index, itemId });
  });
  if (errors.length > 0) {
    throw new ValidationError(
      INVENTORY_MOVEMENT_RESOURCE,
      errors,
      "Some movements name no stock this store holds.",
    );
  }
  return resolved;
}
