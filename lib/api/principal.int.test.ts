import { NextRequest } from "next/server";
import type { Session } from "next-auth";
import { decode } from "next-auth/jwt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setDatabaseForTesting } from "../db";
import { type Database, openPostgres } from "../db/client";
import { getServerSecret } from "../domain/server-secrets";
import { changeStaffMemberRole, removeStaffMember } from "../domain/staff-members";
import { getAuthOptions } from "../session/session-options";
import { createTestDatabase, type TestDatabase } from "../testing/database";
import { insertStore } from "../testing/fixtures";
import { sessionCookieOf, staffSessionCookie } from "../testing/session";
import { resolvePrincipal } from "./principal";

/**
 * A staff member's role change takes effect at once on every instance: roles are read with
 * the session on each request, never cached, so instance B sees what instance A changed on its next
 * request and no notification is needed (unlike API secrets, lib/domain/api-key-cache.ts).
 */

let database: TestDatabase;
let instanceB: Database;
beforeAll(async () => {
  database = await createTestDatabase();
  instanceB = database.pool ? openPostgres(database.pool.options.connectionString as string, 2) : database;
});
afterAll(async () => {
  setDatabaseForTesting(undefined);
  if (instanceB !== database) await instanceB.close();
  await database.close();
});

const request = (cookie: string) =>
  new NextRequest("http://localhost:3000/api/v2.2/stores", { headers: { cookie } });

describe("staff roles across instances", () => {
  it("serves B the role A just changed, and nothing once A removed the member", async () => {
    const store = await insertStore(database.db);
    const other = await insertStore(database.db);
    // The store keeps an admin whatever happens to the member under test.
    await staffSessionCookie(database.db, [{ storeId: store.id, role: "admin" }]);
    const { userId, cookie } = await staffSessionCookie(database.db, [
      { storeId: store.id, role: "admin" },
      { storeId: other.id, role: "editor" },
    ]);
    const rolesOnB = async () => (await resolvePrincipal(instanceB.db, request(cookie))).roles.get(store.id);
    expect(await rolesOnB()).toBe("admin");

    await changeStaffMemberRole(database.db, store.id, userId, "viewer");
    expect(await rolesOnB()).toBe("viewer");

    await removeStaffMember(database.db, store.id, userId);
    expect(await rolesOnB()).toBeUndefined();
  });
});

describe("signing out", () => {
  it("ends that session on every instance, and only that one", async () => {
    const store = await insertStore(database.db);
    const { userId, cookie } = await staffSessionCookie(database.db, [{ storeId: store.id, role: "viewer" }]);
    const otherDevice = await sessionCookieOf(database.db, { id: userId, email: "x@example.com", name: "X" });

    // What next-auth does on POST /api/auth/signout: decode the cookie, run the sign-out event, clear it.
    setDatabaseForTesting(database);
    const token = await decode({
      token: cookie.slice(cookie.indexOf("=") + 1),
      secret: await getServerSecret(database.db, "session"),
    });
    await (await getAuthOptions({ headers: new Headers() })).events?.signOut?.({
      token: token ?? {},
      session: {} as Session,
    });

    await expect(resolvePrincipal(instanceB.db, request(cookie))).rejects.toMatchObject({ status: 401 });
    expect((await resolvePrincipal(instanceB.db, request(otherDevice))).id).toBe(userId);
  });
});
