import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyPassword } from "../auth/password";
import { locations, setupTokens, staffUsers, storeMemberships, stores } from "../db/schema";
import { createTestDatabase, type TestDatabase } from "../testing/database";
import { hasNoStaff, isDemoDatabase } from "./instance";
import {
  completeSetup,
  isSetupTokenValid,
  issueSetupToken,
  SETUP_TOKEN_TTL_MS,
  SetupTokenError,
} from "./setup";
import { signInStaff } from "./staff-sign-in";

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const input = (token: string) => ({
  token,
  store: { name: "Harbor Outfitters", currency: "EUR", timeZone: "Europe/Berlin" },
  admin: { email: "hana@harbor.example", name: "Hana Harbor", password: "tide pool lantern 42" },
});

describe("first-run setup", () => {
  it("issues random tokens while nobody can sign in, stored only as hashes, valid for 24 hours", async () => {
    const { db } = database;
    expect(await hasNoStaff(db)).toBe(true);
    expect(await isDemoDatabase(db)).toBe(false);
    const now = new Date("2026-11-24T10:00:00Z");
    const first = await issueSetupToken(db, now);
    const second = await issueSetupToken(db, now);
    expect(first).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second).not.toBe(first);
    const rows = await db.select().from(setupTokens);
    expect(rows).toHaveLength(2);
    expect(JSON.stringify(rows)).not.toContain(first);
    expect(rows[0]?.expiresAt.getTime()).toBe(now.getTime() + SETUP_TOKEN_TTL_MS);

    // An earlier start's link stays valid until it expires.
    expect(await isSetupTokenValid(db, first ?? "", now)).toBe(true);
    expect(await isSetupTokenValid(db, second ?? "", now)).toBe(true);
    expect(await isSetupTokenValid(db, "nope", now)).toBe(false);
    expect(await isSetupTokenValid(db, "", now)).toBe(false);
    const later = new Date(now.getTime() + SETUP_TOKEN_TTL_MS + 1);
    expect(await isSetupTokenValid(db, first ?? "", later)).toBe(false);
    await expect(completeSetup(db, input(first ?? ""), later)).rejects.toMatchObject({ reason: "expired" });
    await expect(completeSetup(db, input("unknown"), now)).rejects.toBeInstanceOf(SetupTokenError);
    expect(await hasNoStaff(db)).toBe(true);
  });

  it("creates the store, its first location and its admin once; then every link is spent", async () => {
    const { db } = database;
    const token = (await issueSetupToken(db)) ?? "";
    const other = (await issueSetupToken(db)) ?? "";
    // Two submissions at once: exactly one wins.
    const results = await Promise.allSettled([
      completeSetup(db, input(token)),
      completeSetup(db, input(other)),
    ]);
    expect(results.filter((r) => r.status === "fulfilled")).toHaveLength(1);
    const failed = results.find((r) => r.status === "rejected");
    expect(failed?.status === "rejected" && failed.reason).toMatchObject({ reason: "done" });

    const [store] = await db.select().from(stores);
    expect(store).toMatchObject({ name: "Harbor Outfitters", currency: "EUR", timeZone: "Europe/Berlin" });
    const storeLocations = await db
      .select()
      .from(locations)
      .where(eq(locations.storeId, store?.id ?? ""));
    expect(storeLocations.map((l) => l.name)).toEqual(["Main warehouse"]);
    const [admin] = await db.select().from(staffUsers);
    expect(admin?.email).toBe("hana@harbor.example");
    expect(await verifyPassword("tide pool lantern 42", admin?.passwordHash ?? "")).toBe(true);
    const memberships = await db.select().from(storeMemberships);
    expect(memberships).toEqual([
      expect.objectContaining({ storeId: store?.id, userId: admin?.id, role: "admin" }),
    ]);

    expect(await db.select().from(setupTokens)).toEqual([]);
    expect(await issueSetupToken(db)).toBeNull();
    expect(await isSetupTokenValid(db, token)).toBe(false);
    await expect(completeSetup(db, input(token))).rejects.toMatchObject({ reason: "done" });

    expect(
      (await signInStaff(db, { email: "hana@harbor.example", password: "tide pool lantern 42" })).ok,
    ).toBe(true);
    // Not a demo database: the demo login does not exist here.
    expect(await isDemoDatabase(db)).toBe(false);
    expect((await signInStaff(db, { email: "admin@backroom.test", password: "backroom-demo" })).ok).toBe(
      false,
    );
  });
});
