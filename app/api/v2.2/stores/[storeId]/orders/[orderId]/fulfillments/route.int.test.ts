import { describe, expect, it } from "vitest";
import type { ApiOrder } from "@/lib/schemas/order-api";
import type { ApiFulfillment } from "@/lib/schemas/order-fulfillments";
import { type Caller, callRoute } from "@/lib/testing/api";
import { expectInvalid, expectProblem, unknownId } from "@/lib/testing/api-helpers";
import { setupApiTestDatabase } from "@/lib/testing/api-setup";
import { newTestOrder } from "@/lib/testing/orders";
import { checkRequestAgainstPublished } from "@/lib/testing/published-schema";
import { GET as getOrder } from "../route";
import { POST } from "./route";

const setup = setupApiTestDatabase();

async function newOrder(orderId: string) {
  const { database, storeA } = setup();
  await newTestOrder(database.db, storeA.id, orderId, {
    lineItems: [
      {
        id: "L1",
        productId: "P-1",
        variantId: "V-1",
        title: "Trail Tee",
        sku: "TEE",
        quantity: 2,
        price: 25,
      },
      { id: "L2", productId: "P-2", title: "Socks", quantity: 1, price: 10 },
    ],
  });
}

const fulfil = (orderId: string, body: unknown, auth: Caller = { secret: setup().storeA.secret }) => {
  const { storeA } = setup();
  return callRoute<{ success: true; fulfillment: ApiFulfillment }>(
    POST,
    { storeId: storeA.id, orderId },
    {
      method: "POST",
      path: `/stores/${storeA.id}/orders/${encodeURIComponent(orderId)}/fulfillments`,
      body,
      ...auth,
    },
  );
};

describe("POST /stores/{storeId}/orders/{orderId}/fulfillments", () => {
  it("records the shipment with its tracking and first history entry; Get order lists it", async () => {
    const { storeA } = setup();
    await newOrder("F-1");
    const body = {
      fulfillmentId: "SHIP-1",
      lineItems: [{ id: "L1", quantity: 2 }],
      tracking: { carrier: "UPS", code: "1Z999" },
      useDummyTracking: true,
      initialTracking: {
        status: "in_transit",
        estimatedDeliveryDate: "2026-02-05T00:00:00-06:00",
        message: "Picked up",
        datetime: "2026-02-02T08:00:00Z",
        location: { city: "Austin", state: "TX", country: "US", postalCode: null },
      },
    };
    const path = "/stores/{storeId}/orders/{orderId}/fulfillments";
    expect(checkRequestAgainstPublished("post", path, body)).toBeUndefined();
    const response = await fulfil("F-1", body);
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({
      success: true,
      fulfillment: {
        id: "SHIP-1",
        createdAt: expect.any(String),
        lineItems: [
          { id: "L1", quantity: 2, title: "Trail Tee", productId: "P-1", variantId: "V-1", sku: "TEE" },
        ],
        trackingCompany: "UPS",
        trackingNumber: "1Z999",
        status: "in_transit",
        estimatedDeliveryDate: "2026-02-05",
        deliveredAt: null,
        trackingHistory: [
          {
            message: "Picked up",
            status: "in_transit",
            datetime: "2026-02-02T08:00:00.000Z",
            location: { city: "Austin", state: "TX", country: "US", postalCode: null },
          },
        ],
      },
    });

    // Without an id, tracking or initial status: Backroom's id, `pre_transit`.
    const second = await fulfil("F-1", { lineItems: [{ id: "L2", quantity: 1 }] });
    expect(second.body.fulfillment).toMatchObject({
      id: expect.stringMatching(/^ful_/),
      status: "pre_transit",
      trackingNumber: null,
      trackingHistory: [{ status: "pre_transit", message: "Pre transit" }],
    });
    const order = await callRoute<ApiOrder>(
      getOrder,
      { storeId: storeA.id, orderId: "F-1" },
      { path: `/stores/${storeA.id}/orders/F-1`, secret: storeA.secret },
    );
    expect(order.body.fulfillments.map((f) => f.id)).toEqual(["SHIP-1", second.body.fulfillment.id]);
  });

  it("refuses units past the line's quantity and unknown lines (400), a taken id (409), an unknown order (404)", async () => {
    await newOrder("F-2");
    expect((await fulfil("F-2", { fulfillmentId: "A", lineItems: [{ id: "L1", quantity: 1 }] })).status).toBe(
      200,
    );
    expectInvalid(
      await fulfil("F-2", {
        lineItems: [
          { id: "L1", quantity: 2 },
          { id: "NOPE", quantity: 1 },
        ],
      }),
      "fulfillment",
      ["lineItems.0.quantity", "lineItems.1.id"],
    );
    expectInvalid(await fulfil("F-2", { lineItems: [] }), "order", ["lineItems"]);
    expectProblem(
      await fulfil("F-2", { fulfillmentId: "A", lineItems: [{ id: "L2", quantity: 1 }] }),
      409,
      "fulfillment/duplicate",
    );
    expectProblem(
      await fulfil(unknownId("ord"), { lineItems: [{ id: "L1", quantity: 1 }] }),
      404,
      "order/not-found",
    );
  });
});
