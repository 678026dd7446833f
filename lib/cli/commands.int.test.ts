import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { verifyPassword } from "../auth/password";
import { apiKeys, locations, staffUsers, storeMemberships, stores } from "../db/schema";
import { authenticateApiSecret, createApiKey } from "../domain/api-keys";
import {
  apiSecretListResponseSchema,
  apiSecretResponseSchema,
  createdApiSecretResponseSchema,
} from "../schemas/api-secrets";
import { createTestDatabase, type TestDatabase } from "../testing/database";
import { insertStore } from "../testing/fixtures";
import { apiSecretCommands } from "./api-secrets";
import { type CliCommand, runCliCommand } from "./run";
import { staffCreateCommand } from "./staff";
import { storeCreateCommand } from "./store";
import { testCliContext } from "./testing";

let database: TestDatabase;
let storeA: string;
let storeB: string;
const UNKNOWN_STORE = "str_3ZbQ9mX2kT7vLp0aYc1RfD";

beforeAll(async () => {
  database = await createTestDatabase();
  storeA = (await insertStore(database.db, { name: "Store A" })).id;
  storeB = (await insertStore(database.db, { name: "Store B" })).id;
});
afterAll(async () => {
  await database.close();
});

async function run(
  command: CliCommand,
  argv: string[],
  options: { env?: Record<string, string>; answers?: string[] } = {},
) {
  const captured = testCliContext({ db: database.db, ...options });
  const code = await runCliCommand(command, argv, captured.ctx);
  expect(captured.closed(), "the database is closed on every path").toBe(1);
  return { code, out: captured.out, err: captured.err.join("\n") };
}

async function staffCount(): Promise<number> {
  return (await database.db.select().from(staffUsers)).length;
}

describe("npm run staff:create", () => {
  it("creates the user with a hashed password and a role per store, and prints the id", async () => {
    const result = await run(staffCreateCommand, [
      "--email",
      "Ana@Example.com",
      "--name",
      "Ana",
      "--store",
      `${storeA}:admin`,
      "--store",
      `${storeB}:viewer`,
      "--password",
      "correct horse battery",
    ]);
    expect(result).toMatchObject({ code: 0, out: [expect.stringMatching(/^usr_[0-9A-Za-z]{22}$/)] });
    expect(result.err).toBe(`Created staff user ana@example.com (admin of ${storeA}, viewer of ${storeB}).`);
    const id = result.out[0] as string;
    const [user] = await database.db.select().from(staffUsers).where(eq(staffUsers.id, id));
    expect(user).toMatchObject({ email: "ana@example.com", name: "Ana" });
    expect(user?.passwordHash).not.toContain("correct horse");
    expect(await verifyPassword("correct horse battery", user?.passwordHash ?? "")).toBe(true);
    const roles = await database.db
      .select({ storeId: storeMemberships.storeId, role: storeMemberships.role })
      .from(storeMemberships)
      .where(eq(storeMemberships.userId, id));
    expect(roles).toEqual(
      expect.arrayContaining([
        { storeId: storeA, role: "admin" },
        { storeId: storeB, role: "viewer" },
      ]),
    );
    expect(roles).toHaveLength(2);
  });

  it("takes the password from STAFF_PASSWORD, or asks for it", async () => {
    const fromEnv = await run(
      staffCreateCommand,
      ["--email", "env@example.com", "--name", "Env", "--store", `${storeA}:editor`],
      { env: { STAFF_PASSWORD: "from-the-environment" } },
    );
    expect(fromEnv.code).toBe(0);
    const asked = await run(
      staffCreateCommand,
      ["--email", "tty@example.com", "--name", "Tty", "--store", `${storeA}:viewer`],
      { answers: ["typed-at-the-prompt", "typed-at-the-prompt"] },
    );
    expect(asked.code).toBe(0);
    const [user] = await database.db.select().from(staffUsers).where(eq(staffUsers.email, "tty@example.com"));
    expect(await verifyPassword("typed-at-the-prompt", user?.passwordHash ?? "")).toBe(true);
  });

  it.each([
    [
      "an unknown store",
      () => [`${UNKNOWN_STORE}:admin`, "long-enough-pw"],
      `Unknown store ${UNKNOWN_STORE}: no store has this id.`,
    ],
    ["a bad role", () => [`${storeA}:superuser`, "long-enough-pw"], 'Unknown role "superuser"'],
    ["a short password", () => [`${storeA}:admin`, "short"], "The password is refused"],
  ])("refuses %s: exit 1, one clear message, nothing created", async (_name, args, message) => {
    const [store = "", password = ""] = args();
    const before = await staffCount();
    const argv = ["--email", "new@example.com", "--name", "New", "--store", store, "--password", password];
    const result = await run(staffCreateCommand, argv);
    expect(result.code).toBe(1);
    expect(result.out).toEqual([]);
    expect(result.err).toContain(message);
    expect(result.err).not.toMatch(/\n\s+at /);
    expect(await staffCount()).toBe(before);
  });

  it("refuses a taken email (in any case): exit 1 naming it", async () => {
    const argv = ["--name", "Twin", "--store", `${storeA}:viewer`, "--password", "long-enough-pw"];
    expect((await run(staffCreateCommand, ["--email", "twin@example.com", ...argv])).code).toBe(0);
    const before = await staffCount();
    const result = await run(staffCreateCommand, ["--email", "TWIN@example.com", ...argv]);
    expect(result).toMatchObject({ code: 1, out: [] });
    expect(result.err).toBe("A staff user with email twin@example.com already exists.");
    expect(await staffCount()).toBe(before);
  });
});

describe("npm run api-secret:create", () => {
  it("creates a working secret for the store and prints it once, on stdout alone", async () => {
    const result = await run(apiSecretCommands.create, ["--store", storeA, "--name", " ERP "]);
    expect(result.code).toBe(0);
    expect(result.out).toEqual([expect.stringMatching(/^brk_[A-Za-z0-9_-]{43}$/)]);
    expect(result.err).toMatch(
      /^Created API secret key_\w+ "ERP" for store str_\w+\.\nThis is the only time/,
    );
    const secret = result.out[0] as string;
    const principal = await authenticateApiSecret(database.db, secret);
    expect(principal).toMatchObject({ storeId: storeA, name: "ERP" });
    const [row] = await database.db
      .select()
      .from(apiKeys)
      .where(eq(apiKeys.id, principal?.keyId ?? ""));
    expect(row?.createdByUserId).toBeNull();
  });

  it("--json prints the API's create response", async () => {
    const result = await run(apiSecretCommands.create, ["--store", storeB, "--name", "Scanner", "--json"]);
    expect(result.code).toBe(0);
    const body = createdApiSecretResponseSchema.parse(JSON.parse(result.out.join("\n")));
    expect(body.api_secret).toMatchObject({ name: "Scanner", revokedAt: null, createdBy: null });
    expect(body.secret.startsWith(body.api_secret.start)).toBe(true);
  });

  it("refuses an unknown store and a name over 100 characters, creating nothing", async () => {
    const before = (await database.db.select().from(apiKeys)).length;
    const unknown = await run(apiSecretCommands.create, ["--store", UNKNOWN_STORE, "--name", "ERP"]);
    expect(unknown).toMatchObject({
      code: 1,
      out: [],
      err: `Unknown store ${UNKNOWN_STORE}: no store has this id.`,
    });
    const long = await run(apiSecretCommands.create, ["--store", storeA, "--name", "n".repeat(101)]);
    expect(long.code).toBe(1);
    expect(long.err).toMatch(/^--name: Must be at most 100 characters\.\n\nUsage:/);
    expect((await database.db.select().from(apiKeys)).length).toBe(before);
  });
});

describe("npm run api-secret:list and api-secret:revoke", () => {
  it("lists a store's secrets newest first, never the secret, and revokes one idempotently", async () => {
    const store = (await insertStore(database.db, { name: "Listed" })).id;
    const empty = await run(apiSecretCommands.list, ["--store", store]);
    expect(empty).toMatchObject({ code: 0, out: [], err: `Store ${store} has no API secrets.` });

    const older = await createApiKey(database.db, { storeId: store, name: "Older" });
    const newer = await createApiKey(database.db, { storeId: store, name: "Newer" });
    const table = await run(apiSecretCommands.list, ["--store", store]);
    expect(table.code).toBe(0);
    expect(table.out[0]).toMatch(/^ID\s+NAME\s+START/);
    expect(table.out.slice(1).map((line) => line.split(/\s+/)[0])).toEqual([
      newer.apiKey.id,
      older.apiKey.id,
    ]);
    expect(table.out.join("\n")).not.toContain(newer.secret);

    const revoked = await run(apiSecretCommands.revoke, ["--id", older.apiKey.id]);
    expect(revoked).toMatchObject({
      code: 0,
      out: [`Revoked API secret ${older.apiKey.id} "Older" of store ${store}.`],
    });
    expect(await authenticateApiSecret(database.db, older.secret)).toBeNull();
    const [row] = await database.db.select().from(apiKeys).where(eq(apiKeys.id, older.apiKey.id));
    const again = await run(apiSecretCommands.revoke, ["--id", older.apiKey.id, "--json"]);
    expect(again.code).toBe(0);
    const body = apiSecretResponseSchema.parse(JSON.parse(again.out.join("\n")));
    expect(body.api_secret.revokedAt).toBe(row?.revokedAt?.toISOString());
    expect((await run(apiSecretCommands.revoke, ["--id", older.apiKey.id])).out[0]).toContain(
      "was already revoked at",
    );

    const listed = await run(apiSecretCommands.list, ["--store", store, "--json"]);
    const { api_secrets } = apiSecretListResponseSchema.parse(JSON.parse(listed.out.join("\n")));
    expect(api_secrets.map((s) => [s.name, s.revokedAt !== null])).toEqual([
      ["Newer", false],
      ["Older", true],
    ]);
    expect(await authenticateApiSecret(database.db, newer.secret)).not.toBeNull();
  });

  it("refuses an unknown or malformed id, and listing an unknown store: exit 1", async () => {
    for (const id of ["key_3ZbQ9mX2kT7vLp0aYc1RfD", "nope"]) {
      expect(await run(apiSecretCommands.revoke, ["--id", id])).toMatchObject({
        code: 1,
        out: [],
        err: `Unknown API secret ${id}: no API secret has this id.`,
      });
    }
    expect(await run(apiSecretCommands.list, ["--store", UNKNOWN_STORE])).toMatchObject({
      code: 1,
      err: `Unknown store ${UNKNOWN_STORE}: no store has this id.`,
    });
  });
});

describe("npm run store:create", () => {
  const base = ["--name", "Dock Nine", "--currency", "cad", "--time-zone", "america/toronto"];

  it("creates a store with its first location and a new admin, and prints the store id", async () => {
    const result = await run(
      storeCreateCommand,
      [...base, "--admin-email", "Owner@Dock9.example", "--admin-name", "Olu Owner"],
      { env: { STAFF_PASSWORD: "harbour crane 2026" } },
    );
    expect(result.code).toBe(0);
    const storeId = result.out[0] ?? "";
    const [store] = await database.db.select().from(stores).where(eq(stores.id, storeId));
    expect(store).toMatchObject({ name: "Dock Nine", currency: "CAD", timeZone: "America/Toronto" });
    const storeLocations = await database.db.select().from(locations).where(eq(locations.storeId, storeId));
    expect(storeLocations.map((l) => l.name)).toEqual(["Main warehouse"]);
    const [user] = await database.db
      .select()
      .from(staffUsers)
      .where(eq(staffUsers.email, "owner@dock9.example"));
    expect(await verifyPassword("harbour crane 2026", user?.passwordHash ?? "")).toBe(true);
    const [membership] = await database.db
      .select()
      .from(storeMemberships)
      .where(eq(storeMemberships.storeId, storeId));
    expect(membership).toMatchObject({ userId: user?.id, role: "admin" });
  });

  it("makes an existing user admin of a second store without touching their password", async () => {
    const result = await run(storeCreateCommand, [
      "--name",
      "Dock Ten",
      "--currency",
      "USD",
      "--time-zone",
      "UTC",
      "--admin-email",
      "owner@dock9.example",
    ]);
    expect(result.code).toBe(0);
    expect(result.err).toContain("(existing account)");
    const [user] = await database.db
      .select()
      .from(staffUsers)
      .where(eq(staffUsers.email, "owner@dock9.example"));
    expect(await verifyPassword("harbour crane 2026", user?.passwordHash ?? "")).toBe(true);
  });

  it.each([
    ["an unknown currency", ["--currency", "XYZ"], "--currency: Choose a known ISO 4217 currency code"],
    ["an unknown time zone", ["--time-zone", "Mars/Olympus"], "--time-zone: Choose a time zone"],
    ["a weak password", ["--admin-password", "backroom-demo"], "The password is refused"],
    ["a missing admin name", ["--admin-name", ""], "--admin-name"],
  ])("refuses %s with one clear message and creates nothing", async (_name, override, message) => {
    const argv = [...base, "--admin-email", "new-owner@dock9.example", "--admin-name", "New Owner"];
    for (let i = 0; i < override.length; i += 2) {
      const at = argv.indexOf(override[i] as string);
      if (at >= 0) argv[at + 1] = override[i + 1] as string;
      else argv.push(override[i] as string, override[i + 1] as string);
    }
    const before = (await database.db.select().from(stores)).length;
    const result = await run(storeCreateCommand, argv);
    expect(result.code).toBe(1);
    expect(result.err).toContain(message);
    expect((await database.db.select().from(stores)).length).toBe(before);
  });
});
