import { sql } from "drizzle-orm";
import type { Db } from "../../db";
import type { ItemCycleCountHistory } from "../../schemas/cycle-counts";
import { accuracyOf } from "./read";

/**
 * One item's completed counts, newest first (the inventory item page's "Counts" card): what was expected, what
 * was found and how accurate the ledger was, over the item's accepted lines in each count. `last_counted_at` is
 * the newest of them.
 */
export async function itemCycleCountHistory(
  db: Db,
  params: { storeId: string; inventoryItemId: string },
): Promise<ItemCycleCountHistory> {
  const { rows } = await db.execute<{
    id: string;
    name: string;
    location_id: string;
    location_name: string;
    completed_at: string;
    expected: number;
    counted: number;
    abs_variance: number;
    base: number;
  }>(sql`
    select c.id, c.name, c.location_id, loc.name as location_name,
      to_json(c.completed_at) #>> '{}' as completed_at,
      sum(l.snapshot_quantity)::int as expected, sum(l.counted_quantity)::int as counted,
      sum(abs(l.counted_quantity - l.snapshot_quantity))::int as abs_variance,
      sum(greatest(l.counted_quantity, l.snapshot_quantity))::int as base
    from cycle_count_lines l
    join cycle_counts c on c.id = l.cycle_count_id
    join locations loc on loc.store_id = c.store_id and loc.id = c.location_id
    where l.store_id = ${params.storeId} and l.inventory_item_id = ${params.inventoryItemId}
      and l.status = 'accepted' and c.status = 'completed'
    group by c.id, loc.name
    order by c.completed_at desc, c.id desc
    limit 50`);
  const counts = rows.map((row) => ({
    cycle_count_id: row.id,
    name: row.name,
    location_id: row.location_id,
    location_name: row.location_name,
    completed_at: new Date(row.completed_at).toISOString(),
    expected: row.expected,
    counted: row.counted,
    variance: row.counted - row.expected,
    accuracy: accuracyOf(row.abs_variance, row.base),
  }));
  return { last_counted_at: counts[0]?.completed_at ?? null, counts };
}
