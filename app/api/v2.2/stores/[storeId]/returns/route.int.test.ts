import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orders, returns } from "@/lib/db/schema";
import type { Order } from "@/lib/schemas/orders";
import type { Return } from "@/lib/schemas/returns";
import { callRoute, unservedMethod } from "@/lib/testing/api";
import { expectInvalid, expectProblem, setupDemoApiTestDatabase } from "@/lib/testing/api-helpers";
import { GET } from "./route";

// The server answers methods a route does not export (405 with the path's Allow).
const PUT = unservedMethod;

type ListBody = { orders: Order[]; returns: Return[] };

const setup = setupDemoApiTestDatabase();

function list(storeId: string, secret: string, query = "", headers: Record<string, string> = {}) {
  return callRoute<ListBody>(
    GET,
    { storeId },
    { path: `/stores/${storeId}/returns${query}`, secret, headers },
  );
}

/** Follows X-Page-Next until it is absent, as a client does; checks each page on the way. */
async function walk(query: string, pageSize: number) {
  const { demoA } = setup();
  const seen: Return[] = [];
  let marker: string | null = null;
  for (let pages = 0; pages < 500; pages++) {
    const headers: Record<string, string> = { "X-Page-Size": String(pageSize) };
    if (marker) headers["X-Page-Continue"] = marker;
    const page = await list(demoA.id, demoA.secret, query, headers);
    expect(page.status).toBe(200);
    // Every listed return's order is in `orders`, once.
    const orderIds = page.body.orders.map((o) => o.id);
    expect(new Set(orderIds).size).toBe(orderIds.length);
    expect(new Set(orderIds)).toEqual(new Set(page.body.returns.map((r) => r.order.id)));
    seen.push(...page.body.returns);
    marker = page.headers.get("x-page-next");
    if (!marker) {
      expect(page.body.returns.length).toBeLessThanOrEqual(pageSize);
      return seen;
    }
    expect(page.body.returns).toHaveLength(pageSize);
  }
  throw new Error("paging did not end");
}

/** Ids of the store's returns matching `where`, in the documented order, computed in SQL. */
async function expected(where = sql`true`): Promise<string[]> {
  const { database, demoA } = setup();
  const { rows } = await database.db.execute<{ id: string }>(sql`
    select r.id from returns r join orders o on o.id = r.order_id
    where r.store_id = ${demoA.id} and ${where} order by r.updated_at desc, r.id desc`);
  return rows.map((r) => r.id);
}

describe("GET /stores/{storeId}/returns", () => {
  it("answers { orders, returns }, 20 by default, newest update first", async () => {
    const { demoA } = setup();
    const first = await list(demoA.id, demoA.secret);
    expect(first.status).toBe(200);
    expect(Object.keys(first.body).sort()).toEqual(["orders", "returns"]);
    expect(first.body.returns.map((r) => r.id)).toEqual((await expected()).slice(0, 20));
    expect(first.headers.get("x-page-next")).toBeTruthy();
    for (const ret of first.body.returns) {
      const order = first.body.orders.find((o) => o.id === ret.order.id);
      expect(order?.name).toBe(ret.order.name);
    }
  });

  it.each([1, 7, 50, 500])(
    "pages through every return with X-Page-Size %i, no gaps, no repeats",
    async (size) => {
      const walked = await walk("", size);
      expect(walked.map((r) => r.id)).toEqual(await expected());
    },
  );

  it("filters by status", async () => {
    const { database, demoA } = setup();
    const { rows } = await database.db.execute<{ status: string }>(
      sql`select status from returns where store_id = ${demoA.id} group by status order by count(*) desc`,
    );
    const status = rows[0]?.status ?? "open";
    const walked = await walk(`?status=${status}`, 9);
    expect(walked.length).toBeGreaterThan(0);
    expect(walked.every((r) => r.status === status)).toBe(true);
    expect(walked.map((r) => r.id)).toEqual(await expected(sql`r.status = ${status}`));
  });

  it("searches q in the order name and the customer's e-mail and name, any case", async () => {
    const { database, demoA } = setup();
    const [row] = await database.db
      .select({
        id: returns.id,
        orderName: orders.name,
        email: returns.sourceEmail,
        surname: returns.sourceSurname,
      })
      .from(returns)
      .innerJoin(orders, eq(orders.id, returns.orderId))
      .where(eq(returns.storeId, demoA.id))
      .limit(1);
    if (!row) throw new Error("no return");
    for (const q of [row.orderName, row.email.toUpperCase(), row.surname.toLowerCase()]) {
      const walked = await walk(`?q=${encodeURIComponent(q)}`, 100);
      expect(
        walked.map((r) => r.id),
        q,
      ).toContain(row.id);
      for (const ret of walked) {
        const haystack = `${ret.order.name} ${ret.source.emailAddress} ${ret.source.name.given} ${ret.source.name.surname}`;
        expect(haystack.toLowerCase()).toContain(q.toLowerCase());
      }
    }
    const none = await list(demoA.id, demoA.secret, "?q=%25%25zz-no-such-customer");
    expect(none.body).toEqual({ orders: [], returns: [] });
    expect(none.headers.get("x-page-next")).toBeNull();
  });

  it("filters by the order's exact name: shopify_order_name and provider_order_name", async () => {
    const { database, demoA } = setup();
    const [row] = await database.db
      .select({ orderName: orders.name })
      .from(returns)
      .innerJoin(orders, eq(orders.id, returns.orderId))
      .where(eq(returns.storeId, demoA.id))
      .limit(1);
    if (!row) throw new Error("no return");
    const ids = await expected(sql`o.name = ${row.orderName}`);
    expect(ids.length).toBeGreaterThan(0);
    const name = encodeURIComponent(row.orderName);
    for (const query of [`?shopify_order_name=${name}`, `?provider_order_name=${name}`]) {
      const walked = await walk(query, 5);
      expect(
        walked.map((r) => r.id),
        query,
      ).toEqual(ids);
      expect(walked.every((r) => r.order.name === row.orderName)).toBe(true);
    }
    // Exact, not a substring; both given must both match.
    const partial = await list(demoA.id, demoA.secret, `?provider_order_name=${name.slice(0, -1)}`);
    expect(partial.body.returns.filter((r) => r.order.name === row.orderName)).toEqual([]);
    const both = await list(
      demoA.id,
      demoA.secret,
      `?shopify_order_name=${name}&provider_order_name=%23none`,
    );
    expect(both.body).toEqual({ orders: [], returns: [] });
    expectInvalid(await list(demoA.id, demoA.secret, "?shopify_order_name="), "return", [
      "shopify_order_name",
    ]);
  });

  it("filters updated_at with an inclusive minimum and an exclusive maximum", async () => {
    const ids = await expected();
    const { database } = setup();
    const [pivot] = await database.db
      .select({ id: returns.id, updatedAt: returns.updatedAt })
      .from(returns)
      .where(eq(returns.id, ids[Math.floor(ids.length / 2)] as string));
    if (!pivot) throw new Error("no pivot");
    const at = pivot.updatedAt.toISOString();
    const atOrAfter = await walk(`?updated_at_min=${at}`, 25);
    expect(atOrAfter.map((r) => r.id)).toContain(pivot.id);
    expect(atOrAfter.every((r) => r.updatedAt >= at)).toBe(true);
    expect(atOrAfter.map((r) => r.id)).toEqual(await expected(sql`r.updated_at >= ${at}::timestamptz`));
    const before = await walk(`?updated_at_max=${encodeURIComponent(at)}`, 25);
    expect(before.map((r) => r.id)).not.toContain(pivot.id);
    expect(before.every((r) => r.updatedAt < at)).toBe(true);
    expect(before.length + atOrAfter.length).toBe(ids.length);
    const offset = await walk(
      `?updated_at_min=${encodeURIComponent(at.replace("Z", "+00:00"))}&updated_at_max=${at}`,
      5,
    );
    expect(offset).toEqual([]);
  });

  it.each([
    ["?status=lost", "status"],
    ["?status=OPEN", "status"],
    ["?updated_at_min=yesterday", "updated_at_min"],
    ["?updated_at_max=2026-01-01", "updated_at_max"],
    [`?q=${"a".repeat(201)}`, "q"],
    ["?status=open&status=complete", "status"],
    ["?sort=id", "sort"],
    ["?order=up", "order"],
    ["?sort_by=updated_at", ""],
  ])("refuses the bad query %s with 400 naming the field", async (query, field) => {
    const { demoA } = setup();
    expectInvalid(await list(demoA.id, demoA.secret, query), "return", [field]);
  });

  it.each(["0", "501", "-5", "ten", "2.5"])("refuses X-Page-Size %j", async (size) => {
    const { demoA } = setup();
    expectInvalid(await list(demoA.id, demoA.secret, "", { "X-Page-Size": size }), "return", ["x-page-size"]);
  });

  it("refuses an altered marker and one replayed with other filters", async () => {
    const { demoA } = setup();
    const first = await list(demoA.id, demoA.secret, "", { "X-Page-Size": "3" });
    const marker = first.headers.get("x-page-next") ?? "";
    expect(marker).not.toBe("");
    const tampered = `${marker.slice(0, 4)}${marker[4] === "A" ? "B" : "A"}${marker.slice(5)}`;
    for (const [query, value] of [
      ["", tampered],
      ["?status=open", marker],
      ["", "garbage"],
    ] as const) {
      const response = await list(demoA.id, demoA.secret, query, { "X-Page-Continue": value });
      expectProblem(response, 400, "return/invalid-request");
    }
  });

  it("shows only the store's own returns: an empty store lists nothing", async () => {
    const { storeA } = setup();
    const empty = await list(storeA.id, storeA.secret);
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({ orders: [], returns: [] });
    expect(empty.headers.get("x-page-next")).toBeNull();
  });

  it("answers PUT with 405", async () => {
    const { demoA } = setup();
    const response = await callRoute(
      PUT,
      { storeId: demoA.id },
      { method: "PUT", path: `/stores/${demoA.id}/returns`, secret: demoA.secret, body: {} },
    );
    expectProblem(response, 405, "request/method-not-allowed");
    expect(response.headers.get("allow")).toBe("GET, POST");
  });
});
