import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { bins, inventoryLevels, locations, stockStateQuantities } from "../../db/schema";
import { NON_SELLABLE_STOCK_STATES } from "../../enums";
import type { ItemStockStates } from "../../schemas/dispositions";

/** Reading an item's stock by state (docs/dispositions.md); moving it is stock-states.ts. */

/** Sellable units and each non-sellable state's units, per location where the item has either. */
export async function itemStockStates(
  db: Db,
  params: { storeId: string; inventoryItemId: string },
): Promise<ItemStockStates> {
  const levels = await db
    .select({ locationId: inventoryLevels.locationId, quantity: inventoryLevels.quantity })
    .from(inventoryLevels)
    .where(
      and(
        eq(inventoryLevels.storeId, params.storeId),
        eq(inventoryLevels.inventoryItemId, params.inventoryItemId),
      ),
    );
  const held = await db
    .select({
      locationId: stockStateQuantities.locationId,
      state: stockStateQuantities.state,
      binId: stockStateQuantities.binId,
      code: bins.code,
      quantity: stockStateQuantities.quantity,
    })
    .from(stockStateQuantities)
    .leftJoin(bins, eq(bins.id, stockStateQuantities.binId))
    .where(
      and(
        eq(stockStateQuantities.storeId, params.storeId),
        eq(stockStateQuantities.inventoryItemId, params.inventoryItemId),
        gt(stockStateQuantities.quantity, 0),
      ),
    )
    .orderBy(asc(sql`lower(${bins.code})`), asc(bins.id));
  const locationIds = [...new Set([...levels.map((l) => l.locationId), ...held.map((h) => h.locationId)])];
  if (locationIds.length === 0) return { locations: [] };
  const names = await db
    .select({ id: locations.id, name: locations.name })
    .from(locations)
    .where(and(eq(locations.storeId, params.storeId), inArray(locations.id, locationIds)))
    .orderBy(asc(locations.name), asc(locations.id));
  return {
    locations: names.map((location) => {
      const here = held.filter((row) => row.locationId === location.id);
      return {
        location_id: location.id,
        location_name: location.name,
        sellable: levels.find((level) => level.locationId === location.id)?.quantity ?? 0,
        states: NON_SELLABLE_STOCK_STATES.flatMap((state) => {
          const rows = here.filter((row) => row.state === state);
          if (rows.length === 0) return [];
          const inBins = rows.filter((row) => row.binId !== null && row.code !== null);
          return [
            {
              state,
              quantity: rows.reduce((sum, row) => sum + row.quantity, 0),
              unbinned: rows.filter((row) => row.binId === null).reduce((sum, row) => sum + row.quantity, 0),
              bins: inBins.map((row) => ({
                bin_id: row.binId as string,
                code: row.code as string,
                quantity: row.quantity,
              })),
            },
          ];
        }),
      };
    }),
  };
}
