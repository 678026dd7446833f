import { inArray, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { inventoryLevels } from "../../db/schema";

/**
 * Enters stock that was loaded without the ledger (the demo generator's bulk inserts) as one opening
 * balance per level, dated at the level's last change, so that every level equals the sum of its
 * movements. Migration 0010 did the same for stock that existed before the ledger. Levels that already
 * have movements are left alone, so running it twice changes nothing.
 */
export async function recordOpeningBalances(db: Db, storeIds: readonly string[]): Promise<void> {
  if (storeIds.length === 0) return;
  await db.execute(sql`
    insert into inventory_movements (id, store_id, inventory_item_id, location_id, quantity_delta,
      quantity_after, reason, source_type, actor_kind, actor_name, note, created_at)
    select 'mov_' || substr(md5(random()::text || inventory_levels.id), 1, 22), inventory_levels.store_id,
      inventory_levels.inventory_item_id, inventory_levels.location_id, inventory_levels.quantity,
      inventory_levels.quantity, 'import', 'opening_balance', 'system', 'Backroom',
      'Opening balance: the stock held when the ledger started.', inventory_levels.updated_at
    from inventory_levels
    where ${inArray(inventoryLevels.storeId, [...storeIds])} and inventory_levels.quantity <> 0
      and not exists (
        select 1 from inventory_movements m
        where m.inventory_item_id = inventory_levels.inventory_item_id
          and m.location_id = inventory_levels.location_id
      )
    order by inventory_levels.updated_at, inventory_levels.id`);
}
