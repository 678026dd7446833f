import { and, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { inventoryItems } from "../../db/schema";
import { inventoryFilterConditions, type ListInventoryItemsParams } from "./list-inventory-items";

/**
 * Inventory levels as CSV rows, for the Export button of the inventory list (docs/csv.md): one row per item
 * and location holding it, with the units held there out of sellable stock (`held_quantity`, every state) (an item without stock anywhere is one row with an empty location and 0), in the
 * list's order and with its filters, a batch of items at a time by keyset.
 */

export const INVENTORY_EXPORT_COLUMNS = [
  "id",
  "sku",
  "name",
  "kind",
  "location_id",
  "location_name",
  "quantity",
  "item_quantity",
  "held_quantity",
  "created_at",
  "updated_at",
] as const;

type ExportRow = Record<(typeof INVENTORY_EXPORT_COLUMNS)[number], string | number | null> & {
  position_updated_at: string;
};

export type InventoryExportFilters = Pick<
  ListInventoryItemsParams,
  "storeId" | "sku" | "kind" | "locationId" | "stock" | "q"
>;

export async function* inventoryExportRows(
  db: Db,
  filters: InventoryExportFilters,
  batchSize = 1000,
): AsyncGenerator<(string | number | null)[][]> {
  let after: { updatedAt: string; id: string } | undefined;
  for (;;) {
    const conditions = inventoryFilterConditions(db, filters);
    if (after) {
      conditions.push(
        sql`(${inventoryItems.updatedAt}, ${inventoryItems.id}) < (${after.updatedAt}::timestamptz, ${after.id})`,
      );
    }
    const { rows } = await db.execute<ExportRow>(sql`
      with page as (
        select ${inventoryItems.id} as id from ${inventoryItems}
        where ${and(...conditions)}
        order by ${inventoryItems.updatedAt} desc, ${inventoryItems.id} desc
        limit ${batchSize}
      )
      select it.id, it.sku, it.name, it.kind::text as kind, lv.location_id, l.name as location_name,
        coalesce(lv.quantity, 0) as quantity,
        coalesce(sum(lv.quantity) over (partition by it.id), 0)::int as item_quantity,
        (select coalesce(sum(q.quantity), 0) from stock_state_quantities q
          where q.inventory_item_id = it.id and q.location_id = lv.location_id)::int as held_quantity,
        to_char(it.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at,
        to_char(it.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as updated_at,
        it.updated_at::text as position_updated_at
      from page
      join inventory_items it on it.id = page.id
      left join inventory_levels lv on lv.inventory_item_id = it.id and lv.store_id = it.store_id
        ${filters.locationId === undefined ? sql`` : sql`and lv.location_id = ${filters.locationId}`}
      left join locations l on l.id = lv.location_id
      order by it.updated_at desc, it.id desc, l.name, l.id`);
    if (rows.length === 0) return;
    yield rows.map((row) => INVENTORY_EXPORT_COLUMNS.map((column) => row[column]));
    const last = rows.at(-1) as ExportRow;
    after = { updatedAt: last.position_updated_at, id: last.id as string };
    if (new Set(rows.map((row) => row.id)).size < batchSize) return;
  }
}
