import { describe, expect, it } from "vitest";
import type { ApiFulfillment } from "@/lib/schemas/order-fulfillments";
import { type Caller, callRoute } from "@/lib/testing/api";
import { expectInvalid, expectProblem, unknownId } from "@/lib/testing/api-helpers";
import { setupApiTestDatabase } from "@/lib/testing/api-setup";
import { newShippedOrder } from "@/lib/testing/orders";
import { checkRequestAgainstPublished } from "@/lib/testing/published-schema";
import { staffSessionCookie } from "@/lib/testing/session";
import { POST } from "./route";

const setup = setupApiTestDatabase();

/** A new order with one fulfillment of its one line; answers the fulfillment's Backroom id. */
async function shipped(orderId: string, fulfillmentId?: string): Promise<string> {
  const { database, storeA } = setup();
  return newShippedOrder(database.db, storeA.id, orderId, fulfillmentId);
}

const report = (
  orderId: string,
  fulfillmentId: string,
  body: unknown,
  auth: Caller = { secret: setup().storeA.secret },
) => {
  const { storeA } = setup();
  return callRoute<{ success: true; fulfillment: ApiFulfillment }>(
    POST,
    { storeId: storeA.id, orderId, fulfillmentId },
    {
      method: "POST",
      path: `/stores/${storeA.id}/orders/${orderId}/fulfillments/${fulfillmentId}/shipment-status`,
      body,
      ...auth,
    },
  );
};

const PATH = "/stores/{storeId}/orders/{orderId}/fulfillments/{fulfillmentId}/shipment-status";

describe("POST …/fulfillments/{fulfillmentId}/shipment-status", () => {
  it("a status moves the fulfillment; an event only adds history; delivered sets deliveredAt", async () => {
    await shipped("S-1", "SHIP-1");
    const moving = {
      status: "in_transit",
      message: "Departed facility",
      datetime: "2026-02-02T08:00:00Z",
      estimatedDeliveryDate: "2026-02-06T00:00:00Z",
      location: { city: "Memphis", state: "TN", country: "US", postalCode: "38118" },
    };
    expect(checkRequestAgainstPublished("post", PATH, moving)).toBeUndefined();
    const moved = await report("S-1", "SHIP-1", moving);
    expect(moved.status, moved.text).toBe(200);
    expect(moved.body.fulfillment).toMatchObject({
      id: "SHIP-1",
      status: "in_transit",
      estimatedDeliveryDate: "2026-02-06",
    });

    const delayed = await report("S-1", "SHIP-1", { status: "delayed", datetime: "2026-02-03T08:00:00Z" });
    expect(delayed.body.fulfillment).toMatchObject({
      status: "in_transit",
      estimatedDeliveryDate: "2026-02-06",
    });

    const delivered = await report("S-1", "SHIP-1", {
      status: "delivered",
      datetime: "2026-02-04T15:30:00Z",
      estimatedDeliveryDate: null,
    });
    expect(delivered.body.fulfillment).toMatchObject({
      status: "delivered",
      deliveredAt: "2026-02-04T15:30:00.000Z",
      estimatedDeliveryDate: null,
    });
    expect(delivered.body.fulfillment.trackingHistory.map((event) => [event.status, event.message])).toEqual([
      ["pre_transit", "Pre transit"],
      ["in_transit", "Departed facility"],
      ["delayed", "Delayed"],
      ["delivered", "Delivered"],
    ]);
  });

  it("names the fulfillment by Backroom's id too; 404 for an unknown fulfillment or order, 400 for an unknown status", async () => {
    const id = await shipped("S-2");
    expect((await report("S-2", id, { status: "out_for_delivery" })).body.fulfillment.status).toBe(
      "out_for_delivery",
    );
    expectProblem(
      await report("S-2", unknownId("ful"), { status: "delivered" }),
      404,
      "fulfillment/not-found",
    );
    expectProblem(await report("S-2", "NO-SUCH", { status: "delivered" }), 404, "fulfillment/not-found");
    expectProblem(await report(unknownId("ord"), id, { status: "delivered" }), 404, "order/not-found");
    // A fulfillment of another order of the store is not this order's.
    await shipped("S-3", "SHIP-3");
    expectProblem(await report("S-2", "SHIP-3", { status: "delivered" }), 404, "fulfillment/not-found");
    expectInvalid(await report("S-2", id, { status: "lost" }), "order", ["status"]);
  });

  it("lets editors report and refuses viewers and another store's secret", async () => {
    const { storeA, storeB, database } = setup();
    const id = await shipped("S-4");
    const editor = await staffSessionCookie(database.db, [{ storeId: storeA.id, role: "editor" }]);
    const viewer = await staffSessionCookie(database.db, [{ storeId: storeA.id, role: "viewer" }]);
    expectProblem(
      await report("S-4", id, { status: "delayed" }, { cookie: viewer.cookie }),
      403,
      "auth/forbidden",
    );
    expectProblem(
      await report("S-4", id, { status: "delayed" }, { secret: storeB.secret }),
      403,
      "auth/forbidden",
    );
    expect((await report("S-4", id, { status: "delayed" }, { cookie: editor.cookie })).status).toBe(200);
  });
});
