import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { locations, orderFulfillments, orders } from "@/lib/db/schema";
import { createReturn } from "@/lib/domain/returns/create";
import { createReturnRequestSchema } from "@/lib/schemas/return-create";
import { type Caller, callRoute } from "@/lib/testing/api";
import { expectProblem, unknownId } from "@/lib/testing/api-helpers";
import { setupApiTestDatabase } from "@/lib/testing/api-setup";
import { newTestOrder } from "@/lib/testing/orders";
import { POST as createFulfillment } from "./fulfillments/route";
import { DELETE, GET } from "./route";

const setup = setupApiTestDatabase();

async function newOrder(orderId: string) {
  const { database, storeA } = setup();
  const shipping = {
    address: { address1: "12 Elm St", city: "Austin", province: "TX", country: "US", postalCode: "73301" },
  };
  return (await newTestOrder(database.db, storeA.id, orderId, { shipping })).id;
}

const remove = (orderId: string, auth: Caller = { secret: setup().storeA.secret }) => {
  const { storeA } = setup();
  return callRoute<{ success: boolean; orderId: string; externalOrderId: string }>(
    DELETE,
    { storeId: storeA.id, orderId },
    {
      method: "DELETE",
      path: `/stores/${storeA.id}/orders/${encodeURIComponent(orderId)}`,
      ...auth,
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
    const { storeA, database } = setup();
    expectProblem(await remove(unknownId("ord")), 404, "order/not-found");
    const id = await newOrder("D-3");

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
});
