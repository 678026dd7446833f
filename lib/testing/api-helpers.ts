import { randomBytes } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import { beforeAll, expect } from "vitest";
import type { Db } from "../db";
import { returnItems } from "../db/schema";
import { type ApiResult, type Caller, TEST_ORIGIN } from "./api";
import { type ApiTestContext, setupSeededApiDatabase } from "./api-setup";
import { staffSessionCookie } from "./session";

/**
 * Shared pieces of the API route tests (app/api/v2.2/**): a database with demo stores full of real
 * returns, a way to take a return no other test of the file has touched, and problem+json assertions.
 */

export type DemoStore = { id: string; secret: string };
export type DemoApiContext = ApiTestContext & { demoA: DemoStore; demoB: DemoStore };

/**
 * Session cookies of a viewer, an editor (named `editorName` when given) and an admin of demo store A, made once
 * before the file's tests: for the role rules every lifecycle route tests.
 */
function demoStaffCookies(setup: () => DemoApiContext, editorName?: string) {
  const cookies = { viewer: "", editor: "", admin: "" };
  beforeAll(async () => {
    const { database, demoA } = setup();
    for (const role of ["viewer", "editor", "admin"] as const) {
      const name = role === "editor" ? editorName : undefined;
      cookies[role] = (await staffSessionCookie(database.db, [{ storeId: demoA.id, role }], name)).cookie;
    }
  });
  return cookies;
}

/**
 * The opening every demo-store route test shares: the demo database, the viewer, editor and admin cookies of
 * store A, and store A's id and owner (its API secret), read lazily since the database exists only once the
 * tests run.
 */
export function setupDemoRouteTest(options: { returns?: number; editorName?: string } = {}) {
  const setup = setupDemoApiTestDatabase({ returns: options.returns });
  const cookies = demoStaffCookies(setup, options.editorName);
  return {
    setup,
    cookies,
    owner: (): Caller => ({ secret: setup().demoA.secret }),
    storeId: () => setup().demoA.id,
  };
}

/** A real 1x1 PNG (base64), as a client would send it. */
export const TINY_PNG_BASE64 =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

/**
 * `setupApiTestDatabase()` plus the demo data (two more stores, A and B, with returns, orders and inventory
 * items), each demo store with its demo API secret. A smaller demo than the app's, to stay fast.
 */
export function setupDemoApiTestDatabase(options: { returns?: number } = {}): () => DemoApiContext {
  const setup = setupSeededApiDatabase({
    stores: true,
    demo: { returns: options.returns ?? 120, shipments: 20, productsPerStore: 12 },
  });
  return () => {
    const { context, contents } = setup();
    const [a, b] = contents.demo?.stores ?? [];
    if (!a || !b) throw new Error("the demo has fewer than two stores");
    return { ...context, demoA: { id: a.id, secret: a.apiSecret }, demoB: { id: b.id, secret: b.apiSecret } };
  };
}

/** The returns picked, per database: a file's own (files share their worker's modules, vitest.config.ts). */
const takenPerDatabase = new WeakMap<Db, Set<string>>();

/** A return of the store that no other test of this file has picked, with its item ids in order. */
export async function pickReturn(
  db: Db,
  storeId: string,
  minItems = 1,
): Promise<{ returnId: string; itemIds: string[] }> {
  const { rows } = await db.execute<{ id: string }>(sql`
    select r.id from returns r join return_items i on i.return_id = r.id
    where r.store_id = ${storeId} group by r.id having count(i.id) >= ${minItems} order by r.id`);
  const taken = takenPerDatabase.get(db) ?? new Set<string>();
  takenPerDatabase.set(db, taken);
  const row = rows.find((r) => !taken.has(r.id));
  if (!row) throw new Error(`no unused return with ${minItems}+ items in ${storeId}`);
  taken.add(row.id);
  const items = await db
    .select({ id: returnItems.id })
    .from(returnItems)
    .where(eq(returnItems.returnId, row.id))
    .orderBy(asc(returnItems.position), asc(returnItems.id));
  return { returnId: row.id, itemIds: items.map((item) => item.id) };
}

/** A well-formed id of the given prefix that matches nothing. */
export function unknownId(prefix: string): string {
  const alphabet = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
  const body = [...randomBytes(22)].map((byte) => alphabet[byte % 62]).join("");
  return `${prefix}_${body}`;
}

/** A syntactically valid API secret that was never issued. */
export function randomApiSecret(): string {
  return `brk_${randomBytes(32).toString("base64url")}`;
}

type ProblemBody = {
  type: string;
  title: string;
  status: number;
  detail: string;
  instance: string;
  errors?: { path: string; message: string }[];
};

/**
 * Asserts a problem+json response (decisions §3): status, `com.service.api:<type>`, the body's status,
 * title and detail, and an `instance` naming the response's X-Request-Id.
 */
export function expectProblem(response: ApiResult, status: number, type: string): ProblemBody {
  const body = response.body as ProblemBody;
  expect(response.status, `${response.status} ${response.text.slice(0, 300)}`).toBe(status);
  expect(response.headers.get("content-type")).toBe("application/problem+json");
  expect(body).toMatchObject({ type: `com.service.api:${type}`, status });
  expect(body.title).toEqual(expect.any(String));
  expect(body.detail).toEqual(expect.any(String));
  const requestId = response.headers.get("x-request-id");
  expect(requestId).toBeTruthy();
  expect(body.instance).toBe(`urn:request:${requestId}`);
  return body;
}

/** The `errors[].path` values of a validation problem. */
export function errorPaths(response: ApiResult): string[] {
  const errors = (response.body as ProblemBody).errors;
  expect(Array.isArray(errors), `no errors array in ${response.text.slice(0, 300)}`).toBe(true);
  return (errors ?? []).map((error) => error.path);
}

/** Asserts a 400 `<resource>/invalid-request` whose `errors` name (at least) these paths. */
export function expectInvalid(response: ApiResult, resource: string, paths: string[]): void {
  expectProblem(response, 400, `${resource}/invalid-request`);
  const actual = errorPaths(response);
  expect(actual.length).toBeGreaterThan(0);
  for (const path of paths) expect(actual, response.text.slice(0, 500)).toContain(path);
}

/**
 * Headers of a same-origin browser request, which a staff session's writes need (the CSRF check compares
 * Origin with Host). `callRoute` adds them to a `cookie` caller itself; these are for tests that build a
 * session's headers by hand, to vary them.
 */
export const SAME_ORIGIN = { origin: TEST_ORIGIN, host: new URL(TEST_ORIGIN).host };
