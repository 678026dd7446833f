import { afterAll, beforeAll, expect, it } from "vitest";
import { inventoryItems } from "../db/schema";
import { newId } from "../ids";
import { createTestDatabase, type TestDatabase } from "../testing/database";
import { insertStore } from "../testing/fixtures";
import { listStoresWithCounts } from "./stores";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

it("lists stores by name with live counts", async () => {
  const { db } = database;
  const zulu = await insertStore(db, { name: "Zulu Goods" });
  const alpha = await insertStore(db, { name: "Alpha Gear" });
  await db.insert(inventoryItems).values([
    { id: newId("inventoryItem"), storeId: zulu.id, kind: "PRODUCT" },
    { id: newId("inventoryItem"), storeId: zulu.id, kind: "RETURN" },
  ]);
  const listed = await listStoresWithCounts(db);
  expect(listed.map((s) => s.name)).toEqual(["Alpha Gear", "Zulu Goods"]);
  expect(listed[0]).toMatchObject({ id: alpha.id, inventoryItems: 0, inboundShipments: 0, returns: 0 });
  expect(listed[1]).toMatchObject({ id: zulu.id, inventoryItems: 2 });
});
