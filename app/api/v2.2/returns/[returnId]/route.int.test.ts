import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { returnItems, returns } from "@/lib/db/schema";
import type { Order } from "@/lib/schemas/orders";
import type { Return } from "@/lib/schemas/returns";
import { callRoute, unservedMethod } from "@/lib/testing/api";
import { expectProblem, pickReturn, setupDemoApiTestDatabase, unknownId } from "@/lib/testing/api-helpers";
import { GET } from "./route";

// The server answers methods a route does not export (405 with the path's Allow).
const POST = unservedMethod;

type Body = { order: Order; return: Return };

const setup = setupDemoApiTestDatabase();

function get(returnId: string, secret: string, headers: Record<string, string> = {}) {
  return callRoute<Body>(
    GET,
    { returnId },
    { path: `/returns/${encodeURIComponent(returnId)}`, secret, headers },
  );
}

/** Every path in `value` whose value is null. */
function nullPaths(value: unknown, path = ""): string[] {
  if (value === null) return [path];
  if (Array.isArray(value)) return value.flatMap((v, i) => nullPaths(v, `${path}.${i}`));
  if (typeof value === "object" && value !== undefined) {
    return Object.entries(value).flatMap(([k, v]) => nullPaths(v, path ? `${path}.${k}` : k));
  }
  return [];
}

const MONEY = /^-?\d+\.\d{2}$/;
const TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,3})?Z$/;

function expectAlwaysPresent({ order, return: ret }: Body) {
  expect(ret.id).toMatch(/^ret_/);
  expect(ret.status).toEqual(expect.any(String));
  expect(ret.createdAt).toMatch(TIMESTAMP);
  expect(ret.updatedAt).toMatch(TIMESTAMP);
  expect(ret.order.id).toBe(order.id);
  expect(ret.order.name).toBe(order.name);
  expect(ret.source.emailAddress).toEqual(expect.any(String));
  expect(ret.source.phoneNumber).toEqual(expect.any(String));
  expect(ret.source.name).toEqual({ given: expect.any(String), surname: expect.any(String) });
  for (const address of [ret.source.mailingAddress, ret.destination.mailingAddress]) {
    for (const key of ["line1", "city", "state", "postalCode", "country"] as const) {
      expect(address[key], key).toEqual(expect.any(String));
    }
  }
  expect(Array.isArray(ret.giftCards)).toBe(true);
  expect(ret.items.length).toBeGreaterThan(0);
  for (const item of ret.items) {
    expect(item.id).toMatch(/^rti_/);
    expect(item.orderItem.id).toMatch(/^oli_/);
    expect(Number.isInteger(item.quantity) && item.quantity > 0).toBe(true);
    expect(item.reason).toEqual(expect.any(String));
  }
  for (const key of ["charge", "exchange", "refund", "storeCredit"] as const) {
    expect(ret.totals[key].amount.amount, key).toMatch(MONEY);
    expect(ret.totals[key].amount.currency).toMatch(/^[A-Z]{3}$/);
  }
  expect(order.customer.name).toEqual({ given: expect.any(String), surname: expect.any(String) });
  for (const key of ["discounts", "lineItemsTotal", "shippingCost", "taxes", "total"] as const) {
    expect(order[key].amount, key).toMatch(MONEY);
  }
  expect(order.items.length).toBeGreaterThan(0);
  for (const item of order.items) {
    expect(item).toMatchObject({ id: expect.stringMatching(/^oli_/), quantity: expect.any(Number) });
    expect(item.product.name).toEqual(expect.any(String));
    expect(item.variant.name).toEqual(expect.any(String));
    expect(item.price.amount).toMatch(MONEY);
    expect("fulfillmentLocationId" in item).toBe(true);
  }
  // Optional fields are omitted when unknown, never null, except those the package publishes as nullable.
  expect(
    nullPaths(ret).filter(
      (p) => !/^(items\.\d+\.(grade|outcome|upc)|protection\.labelPayer(Reason)?)$/.test(p),
    ),
  ).toEqual([]);
  expect(nullPaths(order).filter((p) => !/^items\.\d+\.fulfillmentLocationId$/.test(p))).toEqual([]);
}

describe("GET /returns/{returnId}", () => {
  it("answers 200 { order, return } with the stored return", async () => {
    const { database, demoA } = setup();
    const { returnId, itemIds } = await pickReturn(database.db, demoA.id);
    const response = await get(returnId, demoA.secret);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    expect(response.headers.get("x-request-id")).toBeTruthy();
    expect(Object.keys(response.body).sort()).toEqual(["order", "return"]);

    const [row] = await database.db.select().from(returns).where(eq(returns.id, returnId));
    expect(row).toBeDefined();
    expect(response.body.return).toMatchObject({
      id: returnId,
      status: row?.status,
      type: row?.type,
      updatedAt: row?.updatedAt.toISOString(),
      createdAt: row?.createdAt.toISOString(),
      source: { emailAddress: row?.sourceEmail },
    });
    expect(response.body.order.id).toBe(row?.orderId);
    expect(response.body.return.items.map((item) => item.id)).toEqual(itemIds);
    expectAlwaysPresent(response.body);
  });

  it("has every always-present field, and null only where published, on every return of the store", async () => {
    const { database, demoA } = setup();
    const rows = await database.db
      .select({ id: returns.id })
      .from(returns)
      .where(eq(returns.storeId, demoA.id))
      .orderBy(asc(returns.id));
    expect(rows.length).toBeGreaterThan(20);
    for (const { id } of rows) {
      const response = await get(id, demoA.secret);
      expect(response.status, id).toBe(200);
      expectAlwaysPresent(response.body);
    }
  });

  it("shows item externalIdentifier exactly when one is stored", async () => {
    const { database, demoA } = setup();
    const { returnId, itemIds } = await pickReturn(database.db, demoA.id);
    const itemId = itemIds[0] as string;
    await database.db
      .update(returnItems)
      .set({ externalIdentifier: "WMS-77" })
      .where(eq(returnItems.id, itemId));
    const response = await get(returnId, demoA.secret);
    const item = response.body.return.items.find((i) => i.id === itemId);
    expect(item?.externalIdentifier).toBe("WMS-77");
  });

  it("answers 404 return/not-found for unknown, malformed and other stores' ids alike", async () => {
    const { database, demoA, demoB } = setup();
    const foreign = await pickReturn(database.db, demoB.id);
    const ids = [
      unknownId("ret"),
      foreign.returnId,
      "ret_short",
      "not-an-id",
      unknownId("whk"),
      `${unknownId("ret")}x`,
      "ret_' or '1'='1",
      "%00",
      "x".repeat(2000),
    ];
    const bodies = [];
    for (const id of ids) {
      const response = await get(id, demoA.secret);
      const body = expectProblem(response, 404, "return/not-found");
      expect(body.detail).not.toMatch(/store (str_|[A-Z])/);
      bodies.push({ title: body.title, type: body.type, status: body.status });
    }
    expect(new Set(bodies.map((b) => JSON.stringify(b))).size).toBe(1);
    // The foreign return is still there for its own store.
    expect((await get(foreign.returnId, demoB.secret)).status).toBe(200);
  });

  it("is refused without a secret (401) and with another store's secret is a 404, not a 403", async () => {
    const { database, demoA, storeA } = setup();
    const { returnId } = await pickReturn(database.db, demoA.id);
    const none = await callRoute(GET, { returnId }, { path: `/returns/${returnId}` });
    expectProblem(none, 401, "auth/unauthorized");
    expect(none.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expectProblem(await get(returnId, storeA.secret), 404, "return/not-found");
  });

  it("echoes a sane X-Request-Id and replaces an unsafe one", async () => {
    const { database, demoA } = setup();
    const { returnId } = await pickReturn(database.db, demoA.id);
    const echoed = await get(returnId, demoA.secret, { "X-Request-Id": "client-abc.123:7" });
    expect(echoed.headers.get("x-request-id")).toBe("client-abc.123:7");
    const unsafe = await get(returnId, demoA.secret, { "X-Request-Id": "<script>alert(1)</script>" });
    expect(unsafe.headers.get("x-request-id")).toMatch(/^[A-Za-z0-9._:-]{1,128}$/);
    const missing = await get(unknownId("ret"), demoA.secret, { "X-Request-Id": "trace-404" });
    expect(missing.headers.get("x-request-id")).toBe("trace-404");
    expect((missing.body as unknown as { instance: string }).instance).toBe("urn:request:trace-404");
  });

  it("answers other methods with 405 and Allow: GET", async () => {
    const { database, demoA } = setup();
    const { returnId } = await pickReturn(database.db, demoA.id);
    const response = await callRoute(
      POST,
      { returnId },
      { method: "POST", path: `/returns/${returnId}`, secret: demoA.secret, body: {} },
    );
    expectProblem(response, 405, "request/method-not-allowed");
    expect(response.headers.get("allow")).toBe("GET");
  });
});
