import { sql } from "drizzle-orm";
import type { Db } from "../db";

/**
 * Levels, bins and stock states that disagree with the ledger (docs/bins.md and docs/dispositions.md, the
 * invariant): a level off the sum of its sellable rows, a bin off the sum of its sellable rows, bins holding more
 * than their level (a negative unbinned remainder), a non-sellable state's place (item, location, state, bin or
 * unbinned) off the sum of its rows, or ledger rows of a state with no place row to hold them. The invariant is
 * none of each; concurrency tests of every stock writer check it after their scenario. Every ledger row is in
 * exactly one state (a column), so no unit counts as both sellable and non-sellable.
 */
export async function offTheLedger(db: Db): Promise<unknown[]> {
  const { rows } = await db.execute(sql`
    select 'level' as what, l.inventory_item_id, l.location_id from inventory_levels l
      left join inventory_movements m on m.inventory_item_id = l.inventory_item_id and m.location_id = l.location_id
        and m.stock_state = 'sellable'
      group by l.inventory_item_id, l.location_id, l.quantity having l.quantity <> coalesce(sum(m.quantity_delta), 0)
    union all
    select 'bin', s.inventory_item_id, s.bin_id from bin_stock s
      left join inventory_movements m on m.inventory_item_id = s.inventory_item_id and m.bin_id = s.bin_id
        and m.stock_state = 'sellable'
      group by s.inventory_item_id, s.bin_id, s.quantity having s.quantity <> coalesce(sum(m.quantity_delta), 0)
    union all
    select 'unbinned', l.inventory_item_id, l.location_id from inventory_levels l
      where l.quantity < (select coalesce(sum(s.quantity), 0) from bin_stock s
        where s.inventory_item_id = l.inventory_item_id and s.location_id = l.location_id)
    union all
    select 'state:' || q.state, q.inventory_item_id, q.location_id || '/' || coalesce(q.bin_id, 'unbinned')
      from stock_state_quantities q
      left join inventory_movements m on m.inventory_item_id = q.inventory_item_id and m.location_id = q.location_id
        and m.stock_state = q.state and m.bin_id is not distinct from q.bin_id
      group by q.inventory_item_id, q.location_id, q.state, q.bin_id, q.quantity
      having q.quantity <> coalesce(sum(m.quantity_delta), 0)
    union all
    select 'state rows without a place:' || m.stock_state, m.inventory_item_id, m.location_id
      from inventory_movements m
      where m.stock_state <> 'sellable' and not exists (select 1 from stock_state_quantities q
        where q.inventory_item_id = m.inventory_item_id and q.location_id = m.location_id
          and q.state = m.stock_state and q.bin_id is not distinct from m.bin_id)
      group by m.inventory_item_id, m.location_id, m.stock_state`);
  return rows;
}
