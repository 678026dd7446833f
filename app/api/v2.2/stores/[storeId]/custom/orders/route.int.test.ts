import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orderLineItems, orders } from "@/lib/db/schema";
import type { ApiOrder } from "@/lib/schemas/order-api";
import { callRoute } from "@/lib/testing/api";
import { expectProblem, SAME_ORIGIN } from "@/lib/testing/api-helpers";
import { CROSS_TENANT_ORDER } from "@/lib/testing/api-operation-inputs";
import { setupApiTestDatabase } from "@/lib/testing/api-setup";
import { insertVariant } from "@/lib/testing/fixtures";
import { staffSessionCookie } from "@/lib/testing/session";
import { GET as getOrder } from "../../orders/[orderId]/route";
import { GET as listOrders } from "../../orders/route";
import { POST } from "./route";

const setup = setupApiTestDatabase();

const money = (amount: number) => ({
  presentmentMoney: { amount, currency: "EUR" },
  shopMoney: { amount: amount * 1.1, currency: "USD" },
});

function orderBody(id: string, overrides: Record<string, unknown> = {}) {
  return {
    ...CROSS_TENANT_ORDER,
    id,
    name: `#${id}`,
    presentmentCurrency: "EUR",
    customer: {
      email: "jane@example.com",
      firstName: "Jane",
      lastName: "Doe",
      phone: "+1 555 0100",
      id: "C-9",
    },
    lineItems: [
      {
        id: `${id}-L1`,
        quantity: 2,
        priceSet: money(25),
        title: "Trail Tee",
        variantTitle: "Blue / M",
        productId: "P-1",
        variantId: "V-1",
        sku: "TEE-BLUE-M",
        weight: { value: 250, unit: "g" },
        discounts: [{ discountId: "D1", amountSet: money(5) }],
        taxLines: [{ priceSet: money(4.5) }],
      },
      { id: `${id}-L2`, quantity: 1, priceSet: money(10), title: "Socks", productId: "P-2", sku: "" },
    ],
    orderDiscounts: [{ discountId: "WELCOME", amountSet: money(2) }],
    shippingLines: [
      { id: "S1", title: "Express", priceSet: money(7.95), taxLines: [{ priceSet: money(0.55) }] },
    ],
    tags: ["vip"],
    ...overrides,
  };
}

const sync = (storeId: string, body: unknown, auth: { secret?: string; cookie?: string } = {}) =>
  callRoute<{ message: string; orderId: string; redoId: string }>(
    POST,
    { storeId },
    {
      method: "POST",
      path: `/stores/${storeId}/custom/orders`,
      body,
      secret: auth.cookie ? undefined : (auth.secret ?? setup().storeA.secret),
      headers: auth.cookie ? { cookie: auth.cookie, ...SAME_ORIGIN } : {},
    },
  );

const read = (storeId: string, orderId: string, secret = setup().storeA.secret) =>
  callRoute<ApiOrder>(
    getOrder,
    { storeId, orderId },
    { path: `/stores/${storeId}/orders/${encodeURIComponent(orderId)}`, secret },
  );

describe("POST /stores/{storeId}/custom/orders", () => {
  it("creates the order with its lines, computed totals and shipping address, then reads it back", async () => {
    const { storeA, database } = setup();
    const { variant } = await insertVariant(database.db, storeA.id);
    const body = orderBody("A-1001");
    body.lineItems[1] = { ...(body.lineItems[1] as (typeof body.lineItems)[1]), sku: variant.sku as string };
    const response = await sync(storeA.id, body);
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({
      message: "Order synced successfully",
      orderId: "A-1001",
      redoId: expect.stringMatching(/^ord_/),
    });

    const order = (await read(storeA.id, "A-1001")).body;
    expect(order).toMatchObject({
      id: response.body.redoId,
      name: "#A-1001",
      orderId: "A-1001",
      createdAt: "2026-01-05T10:00:00.000Z",
      currencyCode: "EUR",
      // 2 × 25 + 10 = 60; discounts 5 + 2 = 7; shipping 7.95; taxes 4.50 + 0.55 = 5.05; 60 - 7 + 7.95 + 5.05 = 66
      subtotalPrice: 60,
      totalDiscount: 7,
      totalTax: 5.05,
      totalPrice: 66,
      tags: ["vip"],
      fulfillments: [],
      customer: { id: "C-9", email: "jane@example.com", name: "Jane Doe", phoneNumber: "+1 555 0100" },
      shipping: {
        method: "Express",
        cost: 7.95,
        address: { address1: "1 Probe St", city: "Reno", province: "NV", postalCode: "89501", country: "US" },
      },
    });
    expect(order.lineItems).toMatchObject([
      { id: "A-1001-L1", title: "Trail Tee", variantTitle: "Blue / M", quantity: 2, price: 25, discount: 5 },
      { id: "A-1001-L2", title: "Socks", sku: variant.sku, quantity: 1, price: 10, returnedQuantity: 0 },
    ]);
    // The second line names a catalog SKU, so it links to the live variant; the first names none.
    const lines = await database.db
      .select({
        externalId: orderLineItems.externalId,
        variantId: orderLineItems.variantId,
        kg: orderLineItems.weightKg,
      })
      .from(orderLineItems)
      .where(eq(orderLineItems.orderId, response.body.redoId));
    expect(lines).toEqual(
      expect.arrayContaining([
        { externalId: "A-1001-L1", variantId: null, kg: "0.250" },
        { externalId: "A-1001-L2", variantId: variant.id, kg: null },
      ]),
    );
    // Get order also finds it by Backroom's id and by its name.
    expect((await read(storeA.id, response.body.redoId)).body.orderId).toBe("A-1001");
    expect((await read(storeA.id, "#A-1001")).body.id).toBe(response.body.redoId);
  });

  it("syncing the same id again updates the order in place: lines matched by id, added and removed", async () => {
    const { storeA } = setup();
    const first = await sync(storeA.id, orderBody("A-2001"));
    const [line1] = orderBody("A-2001").lineItems;
    const again = await sync(
      storeA.id,
      orderBody("A-2001", {
        customer: { email: "new@example.com", firstName: "Janet", lastName: "Doe" },
        lineItems: [
          { ...line1, quantity: 3 },
          { id: "A-2001-L3", quantity: 1, priceSet: money(4), title: "Cap", productId: "P-3", sku: "CAP" },
        ],
      }),
    );
    expect(again.status, again.text).toBe(200);
    expect(again.body.redoId).toBe(first.body.redoId);
    const order = (await read(storeA.id, "A-2001")).body;
    expect(order.customer).toMatchObject({ email: "new@example.com", firstName: "Janet" });
    expect(order.lineItems.map((line) => [line.id, line.quantity])).toEqual([
      ["A-2001-L1", 3],
      ["A-2001-L3", 1],
    ]);
    expect(order.subtotalPrice).toBe(79);
    expect(Date.parse(order.updatedAt)).toBeGreaterThan(Date.parse(order.createdAt));
  });

  it("answers 400 naming each bad field, and writes nothing", async () => {
    const { storeA, database } = setup();
    const before = await database.db.$count(orders, eq(orders.storeId, storeA.id));
    const response = await sync(
      storeA.id,
      orderBody("A-3001", {
        lineItems: [],
        customer: { email: "not-an-email", firstName: "A", lastName: "B" },
      }),
    );
    const problem = expectProblem(response, 400, "order/invalid-request");
    const paths = (problem.errors as { path: string }[]).map((issue) => issue.path);
    expect(paths).toEqual(expect.arrayContaining(["lineItems", "customer.email"]));
    const twins = orderBody("A-3002");
    twins.lineItems[1] = { ...(twins.lineItems[1] as (typeof twins.lineItems)[1]), id: "A-3002-L1" };
    expectProblem(await sync(storeA.id, twins), 400, "order/invalid-request");
    expect(await database.db.$count(orders, eq(orders.storeId, storeA.id))).toBe(before);
  });

  it("refuses a name another order has (409) and keeps stores apart", async () => {
    const { storeA, storeB } = setup();
    expect((await sync(storeA.id, orderBody("A-4001", { name: "#4001" }))).status).toBe(200);
    expectProblem(await sync(storeA.id, orderBody("A-4002", { name: "#4001" })), 409, "order/name-taken");
    // The same merchant id in store B is B's own order.
    const inB = await sync(storeB.id, orderBody("A-4001", { name: "#4001" }), { secret: storeB.secret });
    expect(inB.status).toBe(200);
    expect((await read(storeA.id, "A-4001")).body.id).not.toBe(inB.body.redoId);
    expectProblem(
      await read(storeB.id, (await read(storeA.id, "A-4001")).body.id, storeB.secret),
      404,
      "order/not-found",
    );
  });

  it("lets editors sync and refuses viewers", async () => {
    const { storeA, database } = setup();
    const editor = await staffSessionCookie(database.db, [{ storeId: storeA.id, role: "editor" }]);
    const viewer = await staffSessionCookie(database.db, [{ storeId: storeA.id, role: "viewer" }]);
    expect((await sync(storeA.id, orderBody("A-5001"), { cookie: editor.cookie })).status).toBe(200);
    expect((await sync(storeA.id, orderBody("A-5002"), { cookie: viewer.cookie })).status).toBe(403);
  });
});

describe("GET /stores/{storeId}/orders", () => {
  it("lists the newest change first, pages by header and finds by name, id or email prefix", async () => {
    const { storeA } = setup();
    await sync(
      storeA.id,
      orderBody("L-1", { customer: { email: "zed@example.com", firstName: "Z", lastName: "Z" } }),
    );
    await sync(storeA.id, orderBody("L-2"));
    const page = (headers: Record<string, string>, q?: string) =>
      callRoute<{ orders: ApiOrder[] }>(
        listOrders,
        { storeId: storeA.id },
        {
          path: `/stores/${storeA.id}/orders${q ? `?q=${encodeURIComponent(q)}` : ""}`,
          secret: storeA.secret,
          headers,
        },
      );
    const first = await page({ "x-page-size": "1" });
    expect(first.body.orders.map((o) => o.orderId)).toEqual(["L-2"]);
    const next = first.headers.get("x-page-next") as string;
    const second = await page({ "x-page-size": "1", "x-page-continue": next });
    expect(second.body.orders.map((o) => o.orderId)).toEqual(["L-1"]);
    expect((await page({}, "#L-")).body.orders.map((o) => o.orderId)).toEqual(["L-2", "L-1"]);
    expect((await page({}, "ZED@")).body.orders.map((o) => o.orderId)).toEqual(["L-1"]);
  });
});
