import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { locations, orderFulfillments, orders } from "@/lib/db/schema";
import { createReturn } from "@/lib/domain/returns/create";
import { createReturnRequestSchema } from "@/lib/schemas/return-create";
import { callRoute } from "@/lib/testing/api";
import { expectProblem, SAME_ORIGIN, unknownId } from "@/lib/testing/api-helpers";
import { setupApiTestDatabase } from "@/lib/testing/api-setup";
import { staffSessionCookie } from "@/lib/testing/session";
import { POST as createOrder } from "../route";
import { POST as createFulfillment } from "./fulfillments/route";
import { DELETE, GET } from "./route";

const setup = setupApiTestDatabase();

async function newOrder(orderId: string) {
  const { storeA } = setup();
  const response = await callRoute<{ orderId: string }>(
    createOrder,
    { storeId: storeA.id },
    {
      method: "POST",
      path: `/stores/${storeA.id}/orders`,
      secret: storeA.secret,
      body: {
        orderId,
        createdAt: "2026-02-01T09:30:00Z",
        lineItems: [{ id: "L1", productId: "P-1", title: "Trail Tee", quantity: 2, price: 25 }],
        shipping: {
          address: {
            address1: "12 Elm St",
            city: "Austin",
            province: "TX",
            country: "US",
            postalCode: "73301",
          },
        },
      },
    },
  );
  expect(response.status, response.text).toBe(200);
  return response.body.orderId;
}

const remove = (orderId: string, auth: { secret?: string; cookie?: string } = {}) => {
  const { storeA } = setup();
  return callRoute<{ success: boolean; orderId: string; externalOrderId: string }>(
    DELETE,
    { storeId: storeA.id, orderId },
    {
      method: "DELETE",
      path: `/stores/${storeA.id}/orders/${encodeURIComponent(orderId)}`,
      secret: auth.cookie ? undefined : (auth.secret ?? storeA.secret),
      headers: auth.cookie ? { cookie: auth.cookie, ...SAME_ORIGIN } : {},
    },
  );
};

describe("DELETE /stores/{storeId}/orders/{orderId}", () => {
  it("deletes the order with its lines and fulfillments, by merchant id or Backroom's id", async () => {
    const { storeA, database } = setup();
    const id = await newOrder("D-1");
    const fulfilled = await callRoute(
      createFulfillment,
      { storeId: storeA.id, orderId: "D-1" },
      {
        method: "POST",
        path: `/stores/${storeA.id}/orders/D-1/fulfillments`,
        secret: storeA.secret,
        body: { lineItems: [{ id: "L1", quantity: 1 }] },
      },
    );
    expect(fulfilled.status, fulfilled.text).toBe(200);
    const response = await remove("D-1");
    expect(response.status, response.text).toBe(200);
    expect(response.body).toEqual({ success: true, orderId: id, externalOrderId: "D-1" });
    expect(await database.db.$count(orders, eq(orders.id, id))).toBe(0);
    expect(await database.db.$count(orderFulfillments, eq(orderFulfillments.orderId, id))).toBe(0);
    const read = await callRoute(
      GET,
      { storeId: storeA.id, orderId: "D-1" },
      { path: `/stores/${storeA.id}/orders/D-1`, secret: storeA.secret },
    );
    expectProblem(read, 404, "order/not-found");

    const byRedoId = await newOrder("D-2");
    expect((await remove(byRedoId)).body).toMatchObject({ orderId: byRedoId, externalOrderId: "D-2" });
  });

  it("answers 404 to an unknown or another store's order, and 409 to an order a return names", async () => {
    const { storeA, storeB, database } = setup();
    expectProblem(await remove(unknownId("ord")), 404, "order/not-found");
    const id = await newOrder("D-3");
    expectProblem(await remove(id, { secret: storeB.secret }), 403, "auth/forbidden");

    await database.db
      .update(locations)
      .set({
        address: { line1: "500 Dock Rd", city: "Reno", state: "NV", postalCode: "89502", country: "US" },
      })
      .where(eq(locations.id, storeA.locationIds[0] as string));
    await createReturn(
      database.db,
      { storeId: storeA.id, actor: { name: "Test" } },
      createReturnRequestSchema.parse({
        data: {
          provider: "custom",
          externalOrderId: "D-3",
          items: [{ lineItemId: "L1", quantity: 1, reason: "Too small", compensation: "refund" }],
          shippingAddress: {
            line1: "12 Elm St",
            city: "Austin",
            state: "TX",
            postalCode: "73301",
            country: "US",
          },
        },
      }).data,
    );
    const refused = expectProblem(await remove("D-3"), 409, "order/has-returns");
    expect(refused).toMatchObject({ error: refused.detail });
    expect(await database.db.$count(orders, eq(orders.id, id))).toBe(1);
  });

  it("lets editors delete and refuses viewers", async () => {
    const { storeA, database } = setup();
    await newOrder("D-4");
    await newOrder("D-5");
    const editor = await staffSessionCookie(database.db, [{ storeId: storeA.id, role: "editor" }]);
    const viewer = await staffSessionCookie(database.db, [{ storeId: storeA.id, role: "viewer" }]);
    expectProblem(await remove("D-4", { cookie: viewer.cookie }), 403, "auth/forbidden");
    expect((await remove("D-5", { cookie: editor.cookie })).status).toBe(200);
  });
});
