import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { orders } from "@/lib/db/schema";
import type { ApiOrder } from "@/lib/schemas/order-api";
import { type Caller, callRoute } from "@/lib/testing/api";
import { expectInvalid, expectProblem } from "@/lib/testing/api-helpers";
import { setupApiTestDatabase } from "@/lib/testing/api-setup";
import { checkRequestAgainstPublished } from "@/lib/testing/published-schema";
import { staffSessionCookie } from "@/lib/testing/session";
import { GET as getOrder } from "./[orderId]/route";
import { POST } from "./route";

const setup = setupApiTestDatabase();

/** An Order create body in the package's shape (orders-api-create-order-request). */
function createOrderBody(orderId: string, overrides: Record<string, unknown> = {}) {
  return {
    orderId,
    createdAt: "2026-02-01T09:30:00Z",
    lineItems: [
      {
        id: "L1",
        productId: "P-1",
        variantId: "V-1",
        title: "Trail Tee",
        sku: "TEE",
        quantity: 2,
        price: 25,
        discount: 5,
      },
      {
        id: "L2",
        productId: "P-2",
        variantId: null,
        title: "Socks",
        sku: null,
        quantity: 1,
        price: 10,
        imageUrl: null,
      },
    ],
    customer: { id: "C-1", email: "jane@example.com", phoneNumber: "+1 555 0100", name: "Jane Q Doe" },
    shipping: {
      method: "Express",
      cost: 7.5,
      address: {
        address1: "12 Elm St",
        address2: null,
        city: "Austin",
        province: "TX",
        country: "US",
        postalCode: "73301",
      },
    },
    totalTax: 4,
    billingAddress: {
      address1: "1 Bill Rd",
      city: "Austin",
      province: "TX",
      country: "US",
      postalCode: "73301",
    },
    tags: ["wholesale"],
    currencyCode: "EUR",
    ...overrides,
  };
}

const create = (storeId: string, body: unknown, auth: Caller = { secret: setup().storeA.secret }) =>
  callRoute<{ orderId: string; externalOrderId: string }>(
    POST,
    { storeId },
    {
      method: "POST",
      path: `/stores/${storeId}/orders`,
      body,
      ...auth,
    },
  );

const read = (storeId: string, orderId: string) =>
  callRoute<ApiOrder>(
    getOrder,
    { storeId, orderId },
    { path: `/stores/${storeId}/orders/${encodeURIComponent(orderId)}`, secret: setup().storeA.secret },
  );

describe("POST /stores/{storeId}/orders", () => {
  it("creates the order as sent (200) and Get order reads it back in the package's shape", async () => {
    const { storeA } = setup();
    const body = createOrderBody("C-1001", { locationId: storeA.locationIds[0] });
    expect(checkRequestAgainstPublished("post", "/stores/{storeId}/orders", body)).toBeUndefined();
    const response = await create(storeA.id, body);
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ orderId: expect.stringMatching(/^ord_/), externalOrderId: "C-1001" });

    const order = (await read(storeA.id, "C-1001")).body;
    expect(order).toMatchObject({
      id: response.body.orderId,
      orderId: "C-1001",
      createdAt: "2026-02-01T09:30:00.000Z",
      currencyCode: "EUR",
      // 2 × 25 + 10 = 60 less 5 of line discount, + 7.50 shipping + 4 tax.
      subtotalPrice: 60,
      totalDiscount: 5,
      totalTax: 4,
      totalPrice: 66.5,
      tags: ["wholesale"],
      customer: { id: "C-1", email: "jane@example.com", firstName: "Jane", lastName: "Q Doe" },
      shipping: {
        method: "Express",
        cost: 7.5,
        address: { address1: "12 Elm St", city: "Austin", province: "TX" },
      },
      billingAddress: { address1: "1 Bill Rd", postalCode: "73301" },
      locationId: storeA.locationIds[0],
      fulfillments: [],
    });
    expect(order.lineItems.map((line) => [line.id, line.quantity, line.price, line.discount])).toEqual([
      ["L1", 2, 25, 5],
      ["L2", 1, 10, 0],
    ]);
  });

  it("keeps totals that are sent and the store's currency when none is", async () => {
    const { storeA } = setup();
    const body = createOrderBody("C-1002", { totalPrice: 99, subtotalPrice: 80, currencyCode: undefined });
    expect((await create(storeA.id, body)).status).toBe(200);
    expect((await read(storeA.id, "C-1002")).body).toMatchObject({
      totalPrice: 99,
      subtotalPrice: 80,
      currencyCode: "USD",
    });
  });

  it("answers 409 to a second create of one order id, also when two race, and keeps one order", async () => {
    const { storeA, storeB, database } = setup();
    expect((await create(storeA.id, createOrderBody("C-2001"))).status).toBe(200);
    expectProblem(await create(storeA.id, createOrderBody("C-2001")), 409, "order/duplicate");

    const raced = await Promise.all([
      create(storeA.id, createOrderBody("C-2002")),
      create(storeA.id, createOrderBody("C-2002")),
    ]);
    expect(raced.map((response) => response.status).sort()).toEqual([200, 409]);
    // The package's clients read `error`.
    expect(raced.find((response) => response.status === 409)?.text).toMatch(/"error":"An order with id/);
    expect(
      await database.db.$count(orders, and(eq(orders.storeId, storeA.id), eq(orders.externalId, "C-2002"))),
    ).toBe(1);
    // Another store's order id is its own.
    expect((await create(storeB.id, createOrderBody("C-2001"), { secret: storeB.secret })).status).toBe(200);
  });

  it("answers 400 naming each bad field, and writes nothing", async () => {
    const { storeA, storeB, database } = setup();
    const before = await database.db.$count(orders, eq(orders.storeId, storeA.id));
    expectInvalid(
      await create(storeA.id, createOrderBody("C-3001", { lineItems: [], createdAt: "yesterday" })),
      "order",
      ["lineItems", "createdAt"],
    );
    expectInvalid(
      await create(storeA.id, createOrderBody("C-3002", { locationId: storeB.locationIds[0] })),
      "order",
      ["locationId"],
    );
    const twins = createOrderBody("C-3003");
    twins.lineItems[1] = { ...twins.lineItems[1], id: "L1" } as (typeof twins.lineItems)[1];
    expectInvalid(await create(storeA.id, twins), "order", ["lineItems.1.id"]);
    expect(await database.db.$count(orders, eq(orders.storeId, storeA.id))).toBe(before);
  });

  it("lets editors create and refuses viewers (403) and another store's secret (403)", async () => {
    const { storeA, storeB, database } = setup();
    const editor = await staffSessionCookie(database.db, [{ storeId: storeA.id, role: "editor" }]);
    const viewer = await staffSessionCookie(database.db, [{ storeId: storeA.id, role: "viewer" }]);
    expect((await create(storeA.id, createOrderBody("C-4001"), { cookie: editor.cookie })).status).toBe(200);
    expectProblem(
      await create(storeA.id, createOrderBody("C-4002"), { cookie: viewer.cookie }),
      403,
      "auth/forbidden",
    );
    expectProblem(
      await create(storeA.id, createOrderBody("C-4003"), { secret: storeB.secret }),
      403,
      "auth/forbidden",
    );
  });
});
