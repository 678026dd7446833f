import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { staffUsers } from "../db/schema";
import { createTestDatabase, type TestDatabase } from "../testing/database";
import { insertStore } from "../testing/fixtures";
import { createStaffUser, listStaffStores } from "./staff";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

it("lists only the user's stores, by name, with the role in each", async () => {
  const { db } = database;
  const zulu = await insertStore(db, { name: "Zulu Goods" });
  const alpha = await insertStore(db, { name: "Alpha Gear" });
  await insertStore(db, { name: "Not Mine" });
  const user = await createStaffUser(db, {
    email: "Mixed@Example.com",
    name: " Mixed Roles ",
    password: "correct horse battery",
    memberships: [
      { storeId: zulu.id, role: "viewer" },
      { storeId: alpha.id, role: "admin" },
    ],
  });
  expect(await listStaffStores(db, user.id)).toEqual([
    { id: alpha.id, name: "Alpha Gear", currency: alpha.currency, timeZone: "UTC", role: "admin" },
    { id: zulu.id, name: "Zulu Goods", currency: zulu.currency, timeZone: "UTC", role: "viewer" },
  ]);
  const [row] = await db.select().from(staffUsers).where(eq(staffUsers.id, user.id));
  expect(row).toMatchObject({ email: "mixed@example.com", name: "Mixed Roles", sessionVersion: 0 });
  expect(await listStaffStores(db, "usr_missing")).toEqual([]);
});
