import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { demoApiSecret } from "../auth/api-secrets";
import { verifyPassword } from "../auth/password";
import { staffUsers } from "../db/schema";
import { authenticateApiSecret } from "../domain/api-keys";
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
  it("loads into an empty database with logins and working API secrets", async () => {
    const { db } = database;
    expect(await isDatabaseEmpty(db)).toBe(true);
    const summary = await seedDemoData(db);
    expect(await isDatabaseEmpty(db)).toBe(false);

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
      const principal = await authenticateApiSecret(db, demoApiSecret(store.id));
      expect(principal?.storeId).toBe(store.id);
    }

    const users = await db.select().from(staffUsers);
    expect(users.map((u) => u.email).sort()).toEqual(DEMO_STAFF.map((s) => s.email).sort());
    const admin = users.find((u) => u.email === "admin@backroom.test");
    expect(await verifyPassword(DEMO_PASSWORD, admin?.passwordHash ?? "")).toBe(true);
    expect(await verifyPassword("wrong", admin?.passwordHash ?? "")).toBe(false);

    expect(await inconsistentShipments()).toBe(0);
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
