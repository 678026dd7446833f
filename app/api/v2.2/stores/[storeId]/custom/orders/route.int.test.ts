import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { events, locations, orderLineItems, orders } from "@/lib/db/schema";
import { createReturn } from "@/lib/domain/returns/create";
import type { ApiOrder } from "@/lib/schemas/order-api";
import { createReturnRequestSchema } from "@/lib/schemas/return-create";
import { type Caller, callRoute } from "@/lib/testing/api";
import { expectProblem } from "@/lib/testing/api-helpers";
import { CROSS_TENANT_ORDER } from "@/lib/testing/api-operation-inputs";
import { setupApiTestDatabase } from "@/lib/testing/api-setup";
import { insertVariant } from "@/lib/testing/fixtures";
import { checkRequestAgainstPublished } from "@/lib/testing/published-schema";
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

const sync = (storeId: string, body: unknown, auth: Caller = { secret: setup().storeA.secret }) =>
  callRoute<{ message: string; orderId: string; redoId: string }>(
    POST,
    { storeId },
    {
      method: "POST",
      path: `/stores/${storeId}/custom/orders`,
      body,
      ...auth,
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
        lineItems: [{ ...orderBody("A-3001").lineItems[1], quantity: 1.5 }],
        customer: { email: "not-an-email", firstName: "A", lastName: "B" },
      }),
    );
    const problem = expectProblem(response, 400, "order/invalid-request");
    const paths = (problem.errors as { path: string }[]).map((issue) => issue.path);
    expect(paths).toEqual(expect.arrayContaining(["lineItems.0.quantity", "customer.email"]));
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
});

describe("POST /stores/{storeId}/custom/orders in the package's shape", () => {
  const usd = (amount: string) => ({
    presentmentMoney: { amount, currencyCode: "USD" },
    shopMoney: { amount, currencyCode: "USD" },
  });
  const packageBody = (id: string) => ({
    id,
    type: "order",
    createdAt: "2026-03-01T12:00:00Z",
    updatedAt: "2026-03-02T12:00:00Z",
    presentmentCurrency: "USD",
    shopCurrency: "USD",
    salesChannel: "web",
    customer: { email: "sam@example.com", firstName: "Sam", lastName: "Lee", id: "C-7", tags: ["vip"] },
    lineItems: [
      {
        id: "L1",
        quantity: 2,
        priceSet: usd("19.99"),
        title: "Cap",
        productId: "P-9",
        sku: "CAP",
        vendor: "Acme",
        weight: { value: 120, unit: "grams" },
        properties: [{ name: "Engraving", value: "SL" }],
        metafields: [{ namespace: "custom", key: "final_sale", value: "false" }],
        taxLines: [{ priceSet: usd("3.20"), rate: "0.08", title: "State tax" }],
      },
      { id: "L0", quantity: 0, priceSet: usd("5.00"), title: "Removed", productId: "P-0", sku: "GONE" },
    ],
    orderDiscounts: [],
    shippingLines: [{ id: "S1", title: "Ground", code: "GND", priceSet: usd("4.99") }],
    fulfillments: [
      {
        id: "FUL-1",
        trackingNumbers: [{ carrier: "USPS", trackingNumber: "9400" }],
        trackingUrls: ["https://tools.usps.com/go/TrackConfirmAction?tLabels=9400"],
        lineItems: [{ id: "L1", quantity: 2 }],
        shippingDate: "2026-03-02T08:00:00Z",
        deliveryDate: null as string | null,
      },
    ],
    shippingAddress: {
      address1: "9 Oak Ave",
      city: "Boise",
      provinceCode: "ID",
      zip: "83702",
      countryCode: "US",
    },
    billingAddress: {
      address1: "PO Box 1",
      city: "Boise",
      provinceCode: "ID",
      zip: "83701",
      countryCode: "US",
    },
    tags: [],
    cancelledAt: null,
    cancelReason: null,
    transactions: [
      {
        paymentId: "PAY-1",
        amount: 47.17,
        currency: "USD",
        createdDate: "2026-03-01",
        paymentGateway: "stripe",
      },
    ],
    refunds: [],
  });

  it("accepts it and keeps its fulfillments, billing address, grams and what no column holds", async () => {
    const { storeA, database } = setup();
    const body = packageBody("P-1001");
    expect(checkRequestAgainstPublished("post", "/stores/{storeId}/custom/orders", body)).toBeUndefined();
    const response = await sync(storeA.id, body);
    expect(response.status, response.text).toBe(200);
    const order = (await read(storeA.id, "P-1001")).body;
    // 2 × 19.99 + 4.99 shipping + 3.20 tax; the line of 0 units is not kept.
    expect(order).toMatchObject({ subtotalPrice: 39.98, totalPrice: 48.17, totalTax: 3.2 });
    expect(order.lineItems.map((line) => line.id)).toEqual(["L1"]);
    expect(order.billingAddress).toEqual({
      address1: "PO Box 1",
      address2: null,
      city: "Boise",
      province: "ID",
      country: "US",
      postalCode: "83701",
    });
    expect(order.fulfillments).toMatchObject([
      {
        id: "FUL-1",
        status: "in_transit",
        trackingCompany: "USPS",
        trackingNumber: "9400",
        lineItems: [{ id: "L1", quantity: 2 }],
      },
    ]);
    const [kept] = await database.db
      .select({
        details: orders.platformDetails,
        line: orderLineItems.platformDetails,
        kg: orderLineItems.weightKg,
      })
      .from(orders)
      .innerJoin(orderLineItems, eq(orderLineItems.orderId, orders.id))
      .where(eq(orders.id, response.body.redoId));
    expect(kept?.kg).toBe("0.120");
    expect(kept?.details).toMatchObject({ salesChannel: "web", transactions: [{ paymentId: "PAY-1" }] });
    expect(kept?.line).toMatchObject({
      vendor: "Acme",
      weightUnit: "grams",
      properties: [{ name: "Engraving" }],
    });

    // Syncing again with a delivery date delivers the fulfillment, still one of it.
    const delivered = packageBody("P-1001");
    delivered.fulfillments[0] = {
      ...(delivered.fulfillments[0] as (typeof delivered.fulfillments)[0]),
      deliveryDate: "2026-03-04T16:00:00Z",
    };
    expect((await sync(storeA.id, delivered)).status).toBe(200);
    expect((await read(storeA.id, "P-1001")).body.fulfillments).toMatchObject([
      { id: "FUL-1", status: "delivered", deliveredAt: "2026-03-04T16:00:00.000Z" },
    ]);
  });

  it("records a return updated event when a sync changes an order a return names, and none when nothing changed", async () => {
    const { storeA, database } = setup();
    await database.db
      .update(locations)
      .set({
        address: { line1: "500 Dock Rd", city: "Reno", state: "NV", postalCode: "89502", country: "US" },
      })
      .where(eq(locations.id, storeA.locationIds[0] as string));
    expect((await sync(storeA.id, packageBody("P-2001"))).status).toBe(200);
    const made = await createReturn(
      database.db,
      { storeId: storeA.id, actor: { name: "Test" } },
      createReturnRequestSchema.parse({
        data: {
          provider: "custom",
          externalOrderId: "P-2001",
          items: [{ lineItemId: "L1", quantity: 1, reason: "Too big", compensation: "refund" }],
          shippingAddress: {
            line1: "9 Oak Ave",
            city: "Boise",
            state: "ID",
            postalCode: "83702",
            country: "US",
          },
        },
      }).data,
    );
    const updates = () =>
      database.db.$count(events, and(eq(events.subjectId, made.return.id), eq(events.type, "updated")));
    expect((await sync(storeA.id, packageBody("P-2001"))).status).toBe(200);
    expect(await updates()).toBe(0);
    const renamed = packageBody("P-2001");
    renamed.customer = { ...renamed.customer, lastName: "Lee-Park" };
    expect((await sync(storeA.id, renamed)).status).toBe(200);
    expect(await updates()).toBe(1);
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
