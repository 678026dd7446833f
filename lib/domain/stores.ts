import { sql } from "drizzle-orm";
import type { Db } from "../db";

export type StoreWithCounts = {
  id: string;
  name: string;
  currency: string;
  inboundShipments: number;
  returns: number;
  inventoryItems: number;
};

/** Every store with live counts of its shipments, returns and inventory items (the home page). */
export async function listStoresWithCounts(db: Db): Promise<StoreWithCounts[]> {
  // Correlated counts are each an index-only scan on (store_id, ...); written in SQL because the
  // inner and outer tables must be qualified explicitly.
  const { rows } = await db.execute<StoreWithCounts>(sql`
    select s.id, s.name, s.currency,
      (select count(*)::int from inbound_shipments x where x.store_id = s.id) as "inboundShipments",
      (select count(*)::int from returns x where x.store_id = s.id) as "returns",
      (select count(*)::int from inventory_items x where x.store_id = s.id) as "inventoryItems"
    from stores s
    order by s.name, s.id`);
  return rows;
}
