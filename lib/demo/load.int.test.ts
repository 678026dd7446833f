import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashApiSecret } from "../auth/api-secrets";
import { verifyPassword } from "../auth/password";
import { apiKeys, staffUsers } from "../db/schema";
import { authenticateApiSecret } from "../domain/api-keys";
import { isDemoDatabase } from "../domain/instance";
import { listStoresWithCounts } from "../domain/stores";
import { createTestDatabase, type TestDatabase } from "../testing/database";
import { DEMO_PASSWORD, DEMO_STAFF } from "./accounts";
import { seedLargeStore } from "./bulk";
import { isDatabaseEmpty, seedDemoData } from "./load";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

/** Shipments whose stored counts or status disagree with their items (must be none). */
async function inconsistentShipments(): Promise<number> {
  const { rows } = await database.db.execute<{ n: number }>(sql`
    with sums as (
      select s.id, s.status, s.sku_count, s.item_count, s.received_count, s.shipped_at,
        count(distinct i.variant_id)::int as skus, coalesce(sum(i.quantity), 0)::int as expected,
        coalesce(sum(i.received_quantity), 0)::int as received,
        coalesce(sum(i.received_quantity + i.damaged_quantity + i.missing_quantity), 0)::int as processed
      from inbound_shipments s left join inbound_shipment_items i on i.shipment_id = s.id
      group by s.id)
    select count(*)::int as n from sums
    where sku_count <> skus or item_count <> expected or received_count <> received
      or status::text <> case
        when expected > 0 and processed >= expected then 'RECEIVED'
        when processed > 0 then 'PARTIALLY_RECEIVED'
        when shipped_at is not null then 'IN_TRANSIT'
        else 'PENDING' end`);
  return rows[0]?.n ?? -1;
}

describe("demo data", () => {
  it("loads into an empty database with logins and working API secrets", { timeout: 120_000 }, async () => {
    const { db } = database;
    expect(await isDatabaseEmpty(db)).toBe(true);
    expect(await isDemoDatabase(db)).toBe(false);
    const summary = await seedDemoData(db);
    expect(await isDatabaseEmpty(db)).toBe(false);
    expect(await isDemoDatabase(db)).toBe(true);

    const stores = await listStoresWithCounts(db);
    expect(stores).toHaveLength(2);
    const shipments = stores.reduce((sum, store) => sum + store.inboundShipments, 0);
    const returns = stores.reduce((sum, store) => sum + store.returns, 0);
    expect(shipments).toBeGreaterThanOrEqual(1900);
    expect(shipments).toBeLessThanOrEqual(2100);
    expect(returns).toBeGreaterThanOrEqual(450);
    expect(returns).toBeLessThanOrEqual(550);
    for (const store of stores) expect(store.inventoryItems).toBeGreaterThan(0);

    for (const store of summary.stores) {
      const principal = await authenticateApiSecret(db, store.apiSecret);
      expect(principal?.storeId).toBe(store.id);
    }
    // The clear secrets are reported once and never stored.
    const { rows: keys } = await db.execute<{ secret_hash: string }>(sql`select secret_hash from api_keys`);
    for (const store of summary.stores) expect(JSON.stringify(keys)).not.toContain(store.apiSecret);

    const users = await db.select().from(staffUsers);
    expect(users.map((u) => u.email).sort()).toEqual(DEMO_STAFF.map((s) => s.email).sort());
    const admin = users.find((u) => u.email === "admin@backroom.test");
    expect(await verifyPassword(DEMO_PASSWORD, admin?.passwordHash ?? "")).toBe(true);
    expect(await verifyPassword("wrong", admin?.passwordHash ?? "")).toBe(false);

    expect(await inconsistentShipments()).toBe(0);
  });

  // Two databases migrated and seeded in one test: 38 s on PGlite beside the end-to-end run at load 13.
  it("gives two fresh demo databases different API secrets", { timeout: 120_000 }, async () => {
    const [one, two] = await Promise.all([createTestDatabase(), createTestDatabase()]);
    try {
      const small = { shipments: 10, returns: 5, productsPerStore: 4 };
      const first = await seedDemoData(one.db, small);
      const second = await seedDemoData(two.db, small);
      expect(first.stores.map((s) => s.id)).toEqual(second.stores.map((s) => s.id));
      for (const store of first.stores) {
        expect(second.stores.map((s) => s.apiSecret)).not.toContain(store.apiSecret);
        // A secret of one database opens nothing in the other, though the store ids are the same.
        // (Read the keys directly: authenticateApiSecret caches per process, and both databases are here.)
        const keyIn = async (db: typeof one.db) =>
          db
            .select()
            .from(apiKeys)
            .where(eq(apiKeys.secretHash, hashApiSecret(store.apiSecret)));
        expect(await keyIn(one.db)).toHaveLength(1);
        expect(await keyIn(two.db)).toHaveLength(0);
      }
    } finally {
      await Promise.all([one.close(), two.close()]);
    }
  });

  it("adds a bulk store whose shipments are consistent with their items", async () => {
    const { db } = database;
    const result = await seedLargeStore(db, { shipments: 1200, batchSize: 500 });
    expect(result.shipments).toBe(1200);
    expect(result.items).toBeGreaterThanOrEqual(1200);
    const stores = await listStoresWithCounts(db);
    expect(stores.find((s) => s.id === result.storeId)?.inboundShipments).toBe(1200);
    // A second run reuses the store and adds to it.
    await seedLargeStore(db, { shipments: 300, batchSize: 500 });
    const again = await listStoresWithCounts(db);
    expect(again.find((s) => s.id === result.storeId)?.inboundShipments).toBe(1500);
    expect(await inconsistentShipments()).toBe(0);
  });
});
