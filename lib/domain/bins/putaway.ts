import { and, asc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db";
import {
  binStock,
  bins,
  inventoryItems,
  inventoryLevels,
  inventoryMovements,
  locations,
  products,
  productVariants,
  putawayRules,
} from "../../db/schema";
import type { PutawayRule, PutawaySuggestion } from "../../schemas/putaway";
import { NotFoundError, ValidationError } from "../errors";

/**
 * Putaway suggestions (docs/bins.md): where units of an item at a location should go. First the active bin with
 * room that last took units of the item there (the newest ledger row into a bin, so a confirmed putaway or move
 * teaches the next suggestion), else the location's first rule matching the product's type or a tag, whose
 * zone's first active bin with room (by code) is suggested, else none: the units stay unbinned.
 */

type SuggestedBin = { id: string; code: string; zone: string | null };

/** A bin has room when it has no capacity or holds fewer units than it. */
const hasRoom = sql`(bins.capacity is null or bins.capacity > coalesce((select sum(bs.quantity) from ${binStock} bs where bs.bin_id = bins.id), 0))`;

async function lastBin(db: Db, itemId: string, locationId: string): Promise<SuggestedBin | undefined> {
  // Walks inventory_movements_item_bin_in_idx newest first; the join drops archived and full bins.
  const [row] = await db
    .select({ id: bins.id, code: bins.code, zone: bins.zone })
    .from(inventoryMovements)
    .innerJoin(bins, eq(bins.id, inventoryMovements.binId))
    .where(
      and(
        eq(inventoryMovements.inventoryItemId, itemId),
        eq(inventoryMovements.locationId, locationId),
        sql`${inventoryMovements.binId} is not null and ${inventoryMovements.quantityDelta} > 0`,
        sql`${bins.archivedAt} is null`,
        hasRoom,
      ),
    )
    .orderBy(sql`${inventoryMovements.seq} desc`)
    .limit(1);
  return row;
}

/** The first active bin with room in a zone of the location, by code. */
export async function firstBinInZone(
  db: Db,
  storeId: string,
  locationId: string,
  zone: string,
): Promise<SuggestedBin | undefined> {
  const [row] = await db
    .select({ id: bins.id, code: bins.code, zone: bins.zone })
    .from(bins)
    .where(
      and(
        eq(bins.storeId, storeId),
        eq(bins.locationId, locationId),
        sql`lower(${bins.zone}) = lower(${zone})`,
        sql`${bins.archivedAt} is null`,
        hasRoom,
      ),
    )
    .orderBy(asc(sql`lower(${bins.code})`), asc(bins.id))
    .limit(1);
  return row;
}

/** The rule of a location that matches a product, first by position; tags and values compared whatever their case. */
export function matchingRules(
  rules: readonly PutawayRule[],
  product: { productType: string | null; tags: readonly string[] },
): PutawayRule[] {
  const type = product.productType?.toLowerCase();
  const tags = new Set(product.tags.map((tag) => tag.toLowerCase()));
  return rules.filter((rule) => {
    const value = rule.match_value.toLowerCase();
    return rule.match_field === "product_type" ? value === type : tags.has(value);
  });
}

export async function loadPutawayRules(db: Db, storeId: string, locationId: string): Promise<PutawayRule[]> {
  const rows = await db
    .select()
    .from(putawayRules)
    .where(and(eq(putawayRules.storeId, storeId), eq(putawayRules.locationId, locationId)))
    .orderBy(asc(putawayRules.position));
  return rows.map((row) => ({ match_field: row.matchField, match_value: row.matchValue, zone: row.zone }));
}

async function suggestAt(
  db: Db,
  params: { storeId: string; itemId: string; locationId: string },
  product: { productType: string | null; tags: string[] } | undefined,
): Promise<PutawaySuggestion> {
  const { storeId, itemId, locationId } = params;
  const [stock] = await db
    .select({
      // Named in full: Drizzle writes a one-table select's own columns unqualified, which the subquery would take as its own.
      unbinned: sql<number>`(inventory_levels.quantity - coalesce((select sum(bs.quantity) from ${binStock} bs
        where bs.inventory_item_id = inventory_levels.inventory_item_id and bs.location_id = inventory_levels.location_id), 0))::int`,
    })
    .from(inventoryLevels)
    .where(and(eq(inventoryLevels.inventoryItemId, itemId), eq(inventoryLevels.locationId, locationId)));
  const base = { location_id: locationId, unbinned: stock?.unbinned ?? 0 };
  const last = await lastBin(db, itemId, locationId);
  if (last) return { ...base, bin: last, source: "last_bin", rule: null };
  if (product) {
    for (const rule of matchingRules(await loadPutawayRules(db, storeId, locationId), product)) {
      const bin = await firstBinInZone(db, storeId, locationId, rule.zone);
      if (bin) return { ...base, bin, source: "rule", rule };
    }
  }
  return { ...base, bin: null, source: "none", rule: null };
}

/**
 * The suggestion at one location (`locationId`; 400 if the store has no such location), or at each location
 * where the item has a level.
 */
export async function putawaySuggestions(
  db: Db,
  params: { storeId: string; inventoryItemId: string; locationId?: string },
): Promise<PutawaySuggestion[]> {
  const [item] = await db
    .select({
      id: inventoryItems.id,
      productType: products.productType,
      tags: products.tags,
      productId: products.id,
    })
    .from(inventoryItems)
    .leftJoin(productVariants, eq(productVariants.id, inventoryItems.variantId))
    .leftJoin(products, eq(products.id, productVariants.productId))
    .where(and(eq(inventoryItems.storeId, params.storeId), eq(inventoryItems.id, params.inventoryItemId)));
  if (!item) throw new NotFoundError("inventory-item", params.inventoryItemId);
  const product = item.productId ? { productType: item.productType, tags: item.tags ?? [] } : undefined;
  let locationIds: string[];
  if (params.locationId) {
    const [location] = await db
      .select({ id: locations.id })
      .from(locations)
      .where(and(eq(locations.storeId, params.storeId), eq(locations.id, params.locationId)));
    if (!location) {
      throw new ValidationError("inventory-item", [
        {
          path: "location_id",
          message: `No location with id ${JSON.stringify(params.locationId)} exists in this store.`,
        },
      ]);
    }
    locationIds = [location.id];
  } else {
    const levels = await db
      .select({ locationId: inventoryLevels.locationId })
      .from(inventoryLevels)
      .where(
        and(
          eq(inventoryLevels.storeId, params.storeId),
          eq(inventoryLevels.inventoryItemId, params.inventoryItemId),
        ),
      )
      .orderBy(asc(inventoryLevels.locationId));
    locationIds = levels.map((level) => level.locationId);
  }
  const suggestions: PutawaySuggestion[] = [];
  for (const locationId of locationIds) {
    suggestions.push(
      await suggestAt(db, { storeId: params.storeId, itemId: params.inventoryItemId, locationId }, product),
    );
  }
  return suggestions;
}
