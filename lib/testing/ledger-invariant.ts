import { sql } from "drizzle-orm";
import type { Db } from "../db";

/**
 * Levels and bins that disagree with the ledger (docs/bins.md, the invariant): a level off the sum of its
 * rows, a bin off the sum of its rows, bins holding more than their level (a negative unbinned remainder).
 * The invariant is none of each; concurrency tests of every stock writer check it after their scenario.
 */
export async function offTheLedger(db: Db): Promise<unknown[]> {
  const { rows } = await db.execute(sql`
    select 'level' as what, l.inventory_item_id, l.location_id from inventory_levels l
      left join inventory_movements m on m.inventory_item_id = l.inventory_item_id and m.location_id = l.location_id
      group by l.inventory_item_id, l.location_id, l.quantity having l.quantity <> coalesce(sum(m.quantity_delta), 0)
    union all
    select 'bin', s.inventory_item_id, s.bin_id from bin_stock s
      left join inventory_movements m on m.inventory_item_id = s.inventory_item_id and m.bin_id = s.bin_id
      group by s.inventory_item_id, s.bin_id, s.quantity having s.quantity <> coalesce(sum(m.quantity_delta), 0)
    union all
    select 'unbinned', l.inventory_item_id, l.location_id from inventory_levels l
      where l.quantity < (select coalesce(sum(s.quantity), 0) from bin_stock s
        where s.inventory_item_id = l.inventory_item_id and s.location_id = l.location_id)`);
  return rows;
}
