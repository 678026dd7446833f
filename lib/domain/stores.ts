import { eq, sql } from "drizzle-orm";
import type { Db } from "../db";
import { locations, stores } from "../db/schema";
import { newId } from "../ids";
import type { Store } from "../schemas/stores";
import { NotFoundError } from "./errors";

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

/** The location every new store starts with, so receiving and inventory work from the first day. */
export const FIRST_LOCATION_NAME = "Main warehouse";

/**
 * Creates a store with its first location (first-run setup, `npm run store:create`). Takes a transaction
 * so the caller can create the store's first admin in the same one.
 */
export async function createStore(
  tx: Db,
  input: { name: string; currency: string; timeZone: string },
): Promise<{ storeId: string; locationId: string }> {
  const storeId = newId("store");
  const locationId = newId("location");
  await tx
    .insert(stores)
    .values({ id: storeId, name: input.name, currency: input.currency, timeZone: input.timeZone });
  await tx.insert(locations).values({ id: locationId, storeId, name: FIRST_LOCATION_NAME });
  return { storeId, locationId };
}

export const STORE_RESOURCE = "store";

function toStore(row: typeof stores.$inferSelect): Store {
  return {
    id: row.id,
    name: row.name,
    currency: row.currency,
    timeZone: row.timeZone,
    supplierClaimDueDays: row.supplierClaimDueDays,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

export async function getStore(db: Db, storeId: string): Promise<Store> {
  const [row] = await db.select().from(stores).where(eq(stores.id, storeId));
  if (!row) throw new NotFoundError(STORE_RESOURCE, storeId);
  return toStore(row);
}

/**
 * Changes the store's name, currency, time zone or supplier claim due days (Settings -> Store). The currency
 * is the default for records created from now on; amounts already stored keep their own currency, and drafted
 * claims keep their due date. A request that changes
 * nothing leaves `updatedAt` alone.
 */
export async function updateStore(
  db: Db,
  storeId: string,
  input: { name?: string; currency?: string; timeZone?: string; supplierClaimDueDays?: number },
): Promise<Store> {
  const current = await getStore(db, storeId);
  const changes = Object.fromEntries(
    Object.entries(input).filter(
      ([key, value]) => value !== undefined && value !== current[key as keyof Store],
    ),
  );
  if (Object.keys(changes).length === 0) return current;
  const [row] = await db
    .update(stores)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(stores.id, storeId))
    .returning();
  if (!row) throw new NotFoundError(STORE_RESOURCE, storeId);
  return toStore(row);
}
