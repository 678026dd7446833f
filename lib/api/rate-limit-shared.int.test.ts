import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type Database, openPostgres } from "../db/client";
import { createTestDatabase, type TestDatabase } from "../testing/database";
import { SharedRateLimiter, sliceOf, WINDOW_MS } from "./rate-limit-shared";

/**
 * The budget shared by instances: two limiters on two pools, as two processes would hold,
 * together allow the limit and not twice it. The clock is fixed inside one window.
 */

let database: TestDatabase;
let other: Database;
const inWindow = Math.floor(Date.now() / WINDOW_MS) * WINDOW_MS + 1_000;

beforeAll(async () => {
  database = await createTestDatabase();
  other = database.pool ? openPostgres(database.pool.options.connectionString as string, 2) : database;
});
afterAll(async () => {
  if (other !== database) await other.close();
  await database.close();
});

async function takeMany(limiter: SharedRateLimiter, key: string, n: number): Promise<number> {
  const results = await Promise.all(Array.from({ length: n }, () => limiter.take(key, 50)));
  return results.filter((r) => r.allowed).length;
}

describe("shared rate limit", () => {
  it("leases a twentieth of the budget, 1 to 100 requests", () => {
    expect([sliceOf(5), sliceOf(1200), sliceOf(1_000_000)]).toEqual([1, 60, 100]);
  });

  it("allows the limit across two instances, concurrent requests included, then refuses on both", async () => {
    const now = () => inWindow;
    const a = new SharedRateLimiter(database.db, { now });
    const b = new SharedRateLimiter(other.db, { now });
    // Each instance asks for more than the whole limit: a slice leased ahead is then always spent. With less
    // (40 each), one instance could finish its requests holding a slice leased ahead, and the pair allowed
    // fewer than 50 -- the early refusal the limiter documents, not a breach.
    const [allowedA, allowedB] = await Promise.all([takeMany(a, "key_a", 60), takeMany(b, "key_a", 60)]);
    expect(allowedA + allowedB).toBe(50);
    const refused = await b.take("key_a", 50);
    expect(refused).toMatchObject({ allowed: false, remaining: 0 });
    expect(refused.resetSeconds).toBe(59);
    expect((await a.take("key_a", 50)).allowed).toBe(false);
    // Another secret has its own budget.
    expect((await a.take("key_b", 50)).allowed).toBe(true);
  });

  it("gives the budget back when the next window starts, and deletes windows a minute old", async () => {
    let now = inWindow;
    const limiter = new SharedRateLimiter(database.db, { now: () => now });
    for (let i = 0; i < 5; i++) expect((await limiter.take("key_c", 5)).allowed).toBe(true);
    expect((await limiter.take("key_c", 5)).allowed).toBe(false);
    now += WINDOW_MS;
    expect(await limiter.take("key_c", 5)).toMatchObject({ allowed: true, remaining: 4 });
    now += 2 * WINDOW_MS;
    await limiter.take("key_c", 5);
    await expect
      .poll(async () => {
        const { rows } = await database.db.execute<{ n: number }>(
          sql`select count(*)::int as n from rate_limit_windows where key_id = 'key_c'`,
        );
        return rows[0]?.n;
      })
      .toBe(1);
  });
});
