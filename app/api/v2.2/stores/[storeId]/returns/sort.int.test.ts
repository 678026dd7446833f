import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { RETURN_STATUSES } from "@/lib/enums";
import type { Return } from "@/lib/schemas/returns";
import { callRoute } from "@/lib/testing/api";
import { expectInvalid, setupDemoApiTestDatabase } from "@/lib/testing/api-helpers";
import { GET as counts } from "./counts/route";
import { GET } from "./route";

/** List returns' `sort` and `order` (keyset paging in each order) and Count returns by status. */

const setup = setupDemoApiTestDatabase();

async function walk(query: string, pageSize: number): Promise<string[]> {
  const { demoA } = setup();
  const seen: string[] = [];
  let marker: string | null = null;
  for (let pages = 0; pages < 200; pages++) {
    const headers: Record<string, string> = { "X-Page-Size": String(pageSize) };
    if (marker) headers["X-Page-Continue"] = marker;
    const page = await callRoute<{ returns: Return[] }>(
      GET,
      { storeId: demoA.id },
      { path: `/stores/${demoA.id}/returns${query}`, secret: demoA.secret, headers },
    );
    expect(page.status, page.text).toBe(200);
    seen.push(...page.body.returns.map((r) => r.id));
    marker = page.headers.get("x-page-next");
    if (!marker) return seen;
  }
  throw new Error("paging did not end");
}

async function expected(orderBy: ReturnType<typeof sql>, where = sql`true`): Promise<string[]> {
  const { database, demoA } = setup();
  const { rows } = await database.db.execute<{ id: string }>(
    sql`select id from returns where store_id = ${demoA.id} and ${where} order by ${orderBy}`,
  );
  return rows.map((r) => r.id);
}

describe("GET /stores/{storeId}/returns: sort and order", () => {
  it("pages through every order exactly once, in SQL's order", async () => {
    // Ties on the timestamp are broken by id, in the same direction.
    await setup().database.db.execute(sql`
      update returns set created_at = '2025-03-01T00:00:00Z'
      where id in (select id from returns where store_id = ${setup().demoA.id} order by id limit 7)`);
    const cases = [
      ["?sort=created_at", sql`created_at desc, id desc`],
      ["?sort=created_at&order=asc", sql`created_at asc, id asc`],
      ["?order=asc", sql`updated_at asc, id asc`],
      ["?sort=updated_at&order=desc", sql`updated_at desc, id desc`],
    ] as const;
    for (const [query, orderBy] of cases) {
      expect(await walk(query, 13), query).toEqual(await expected(orderBy));
    }
    expect(await walk("?sort=created_at&order=asc&status=open", 5)).toEqual(
      await expected(sql`created_at asc, id asc`, sql`status = 'open'`),
    );
  });

  it("refuses an unknown sort or order, and a page marker of another order", async () => {
    const { demoA } = setup();
    const call = (query: string, headers: Record<string, string> = {}) =>
      callRoute(
        GET,
        { storeId: demoA.id },
        { path: `/stores/${demoA.id}/returns${query}`, secret: demoA.secret, headers },
      );
    expectInvalid(await call("?sort=id"), "return", ["sort"]);
    expectInvalid(await call("?order=up"), "return", ["order"]);
    const first = await call("?sort=created_at", { "X-Page-Size": "5" });
    const marker = first.headers.get("x-page-next") ?? "";
    expectInvalid(
      await call("?sort=updated_at", { "X-Page-Size": "5", "X-Page-Continue": marker }),
      "return",
      ["X-Page-Continue"],
    );
  });
});

describe("GET /stores/{storeId}/returns/counts", () => {
  type Counts = { counts: Record<string, number>; total: number };
  const get = (query = "") => {
    const { demoA } = setup();
    return callRoute<Counts>(
      counts,
      { storeId: demoA.id },
      { path: `/stores/${demoA.id}/returns/counts${query}`, secret: demoA.secret },
    );
  };

  it("counts each status (every one present) and the total, under the other filters", async () => {
    const { database, demoA } = setup();
    const { rows } = await database.db.execute<{ status: string; n: number }>(
      sql`select status, count(*)::int as n from returns where store_id = ${demoA.id} group by status`,
    );
    const response = await get();
    expect(response.status, response.text).toBe(200);
    expect(Object.keys(response.body.counts).sort()).toEqual([...RETURN_STATUSES].sort());
    for (const row of rows) expect(response.body.counts[row.status]).toBe(row.n);
    expect(response.body.total).toBe(rows.reduce((sum, row) => sum + row.n, 0));

    const [someone] = (await expected(sql`id`)).slice(0, 1);
    const { rows: emails } = await database.db.execute<{ e: string }>(
      sql`select source_email as e from returns where id = ${someone ?? ""}`,
    );
    const email = emails[0]?.e ?? "";
    const searched = await get(`?q=${encodeURIComponent(email)}`);
    const listed = await walk(`?q=${encodeURIComponent(email)}`, 50);
    expect(searched.body.total).toBe(listed.length);
  });

  it("refuses status (the tabs are the statuses) and unknown parameters", async () => {
    // An unknown key is the query's own problem (path ""), as everywhere in the API.
    expectInvalid(await get("?status=open"), "return", [""]);
    expectInvalid(await get("?foo=1"), "return", [""]);
  });
});
