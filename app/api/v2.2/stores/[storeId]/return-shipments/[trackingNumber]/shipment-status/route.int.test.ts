import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { returnShipments } from "@/lib/db/schema";
import type { ReturnStatus } from "@/lib/enums";
import { newId } from "@/lib/ids";
import { callRoute } from "@/lib/testing/api";
import { expectInvalid, expectProblem, setupDemoRouteTest } from "@/lib/testing/api-helpers";
import { returnActivitiesOf, returnEvents, returnIn, storedState } from "@/lib/testing/return-lifecycle";
import { POST } from "./route";

const { setup, cookies, owner: asOwner } = setupDemoRouteTest({ returns: 300, editorName: "Edith Editor" });

type Outcome = {
  success: true;
  changed: boolean;
  message: string;
  returns: { id: string; previousStatus: ReturnStatus; status: ReturnStatus; changed: boolean }[];
};

function post(trackingNumber: string, body: unknown, auth = asOwner(), storeId = setup().demoA.id) {
  return callRoute<Outcome>(
    POST,
    { storeId, trackingNumber },
    {
      method: "POST",
      path: `/stores/${storeId}/return-shipments/${encodeURIComponent(trackingNumber)}/shipment-status`,
      body,
      ...auth,
    },
  );
}

/**
 * A return of store A in `status` whose one tracked parcel is a new one (not yet scanned) with a tracking
 * number of its own: the demo's parcels of it lose their numbers.
 */
async function trackedReturn(status: ReturnStatus, options: { green?: boolean } = {}) {
  const { database, demoA } = setup();
  const picked = await returnIn(database.db, demoA.id, status, options);
  await database.db
    .update(returnShipments)
    .set({ tracker: null })
    .where(eq(returnShipments.returnId, picked.returnId));
  const trackingNumber = `1ZTEST${Math.random().toString(36).slice(2, 12).toUpperCase()}`;
  const parcelId = newId("returnShipment");
  await database.db.insert(returnShipments).values({
    id: parcelId,
    returnId: picked.returnId,
    position: 99,
    carrier: "ups",
    tracker: trackingNumber,
    status: "pre_transit",
  });
  return { ...picked, trackingNumber, parcelId };
}

async function parcel(parcelId: string) {
  const [row] = await setup()
    .database.db.select()
    .from(returnShipments)
    .where(eq(returnShipments.id, parcelId));
  return row;
}

describe("POST /stores/{storeId}/return-shipments/{trackingNumber}/shipment-status", () => {
  it.each([
    ["open", "in_transit", "in_transit", "in_transit"],
    ["open", "out_for_delivery", "in_transit", "out_for_delivery"],
    ["open", "available_for_pickup", "in_transit", "available_for_pickup"],
    ["open", "delivered", "delivered", "delivered"],
    ["in_transit", "delivered", "delivered", "delivered"],
  ] as const)(
    "%s + %s: moves it to %s, one activity and one updated event",
    async (from, status, to, parcelStatus) => {
      const { database } = setup();
      const tracked = await trackedReturn(from);
      const response = await post(tracked.trackingNumber, {
        status,
        message: "Departed shipping partner facility",
        datetime: "2026-03-14T09:26:53Z",
        estimatedDeliveryDate: "2026-03-16T00:00:00Z",
        location: { city: "Reno", state: "NV", country: "US", postalCode: "89501" },
      });
      expect(response.status, response.text).toBe(200);
      expect(response.body).toEqual({
        success: true,
        changed: true,
        message: `Moved 1 return to ${to}.`,
        returns: [{ id: tracked.returnId, previousStatus: from, status: to, changed: true }],
      });
      const state = await storedState(database.db, tracked.returnId);
      expect(state.status).toBe(to);
      expect(
        state.items.every((item) => item.status === (to === "in_transit" ? "in_transit" : "received")),
      ).toBe(true);
      const stored = await parcel(tracked.parcelId);
      expect(stored?.status).toBe(parcelStatus);
      expect(stored?.estimatedDeliveryDate).toBe("2026-03-16T00:00:00.000Z");
      if (to === "delivered") expect(stored?.deliveredAt?.toISOString()).toBe("2026-03-14T09:26:53.000Z");
      expect(await returnEvents(database.db, tracked.returnId)).toEqual([
        expect.objectContaining({ type: "updated", status: to }),
      ]);
      const [activity, ...more] = await returnActivitiesOf(database.db, tracked.returnId);
      expect(more).toEqual([]);
      expect(activity).toMatchObject({
        kind: "status_changed",
        actorKind: "api_secret",
        details: {
          from,
          to,
          via: "tracking",
          tracking: {
            number: tracked.trackingNumber,
            status,
            message: "Departed shipping partner facility",
            location: "Reno, NV, US",
            at: "2026-03-14T09:26:53.000Z",
          },
        },
      });
    },
  );

  it.each([
    ["in_transit", "in_transit"],
    ["delivered", "out_for_delivery"],
    ["delivered", "delivered"],
    ["needs_review", "delivered"],
    ["in_review", "in_transit"],
    ["complete", "delivered"],
    ["complete", "in_transit"],
  ] as const)("a %s return and %s: 200 changed false, nothing written", async (from, status) => {
    const { database } = setup();
    const tracked = await trackedReturn(from);
    const response = await post(tracked.trackingNumber, { status });
    expect(response.status, response.text).toBe(200);
    expect(response.body.changed).toBe(false);
    expect(response.body.message).toMatch(
      /^Nothing changed: the return is already (in_transit|delivered) or past it\.$/,
    );
    expect(response.body.returns).toEqual([
      { id: tracked.returnId, previousStatus: from, status: from, changed: false },
    ]);
    expect((await storedState(database.db, tracked.returnId)).status).toBe(from);
    expect((await parcel(tracked.parcelId))?.status).toBe("pre_transit");
    expect(await returnEvents(database.db, tracked.returnId)).toEqual([]);
    expect(await returnActivitiesOf(database.db, tracked.returnId)).toEqual([]);
  });

  it.each(["pre_transit", "failure", "return_to_sender", "delayed", "stalled_in_transit"])(
    "%s moves nothing: 200 says so",
    async (status) => {
      const { database } = setup();
      const tracked = await trackedReturn("open");
      const response = await post(tracked.trackingNumber, { status });
      expect(response.status, response.text).toBe(200);
      expect(response.body).toMatchObject({
        changed: false,
        message: `A ${status} update moves no return: nothing changed.`,
      });
      expect(await returnEvents(database.db, tracked.returnId)).toEqual([]);
    },
  );

  it.each(["pre_shipment", "flagged", "rejected", "deleted"] as const)(
    "a %s return: 409 return/invalid-transition, nothing written",
    async (from) => {
      const { database } = setup();
      const tracked = await trackedReturn(from);
      const problem = expectProblem(
        await post(tracked.trackingNumber, { status: "in_transit" }),
        409,
        "return/invalid-transition",
      );
      expect(problem.detail).toContain(`This return is ${from}`);
      expect((await storedState(database.db, tracked.returnId)).status).toBe(from);
      expect(await returnEvents(database.db, tracked.returnId)).toEqual([]);
    },
  );

  it("walks open -> in_transit -> delivered, retries change nothing, the events in order", async () => {
    const { database } = setup();
    const tracked = await trackedReturn("open");
    for (const status of ["in_transit", "in_transit", "out_for_delivery", "delivered", "delivered"]) {
      expect((await post(tracked.trackingNumber, { status })).status).toBe(200);
    }
    const recorded = await returnEvents(database.db, tracked.returnId);
    expect(recorded.map((event) => event.status)).toEqual(["in_transit", "delivered"]);
    const trail = await returnActivitiesOf(database.db, tracked.returnId);
    expect(trail.map((a) => [a.details.from, a.details.to])).toEqual([
      ["open", "in_transit"],
      ["in_transit", "delivered"],
    ]);
  });

  it("a return with two parcels is delivered when both are; the first delivery records the parcel only", async () => {
    const { database } = setup();
    const first = await trackedReturn("open");
    const secondNumber = `${first.trackingNumber}B`;
    const secondParcel = newId("returnShipment");
    await database.db.insert(returnShipments).values({
      id: secondParcel,
      returnId: first.returnId,
      position: 100,
      tracker: secondNumber,
      status: "in_transit",
    });
    await post(first.trackingNumber, { status: "in_transit" });
    const delivered = await post(first.trackingNumber, { status: "delivered" });
    expect(delivered.body).toMatchObject({
      changed: true,
      message: "The parcel is delivered; a return is delivered once all its tracked parcels are.",
      returns: [{ previousStatus: "in_transit", status: "in_transit", changed: true }],
    });
    expect((await parcel(first.parcelId))?.status).toBe("delivered");
    expect((await storedState(database.db, first.returnId)).status).toBe("in_transit");
    // The same scan again: the parcel is there already, nothing is written.
    expect((await post(first.trackingNumber, { status: "delivered" })).body.changed).toBe(false);
    const last = await post(secondNumber, { status: "delivered" });
    expect(last.body.message).toBe("Moved 1 return to delivered.");
    expect((await storedState(database.db, first.returnId)).status).toBe("delivered");
    // in transit, the parcel-only update, delivered: one event each; activities for the two moves only.
    expect((await returnEvents(database.db, first.returnId)).map((e) => e.status)).toEqual([
      "in_transit",
      "in_transit",
      "delivered",
    ]);
    const trail = await returnActivitiesOf(database.db, first.returnId);
    expect(trail.map((a) => [a.details.from, a.details.to])).toEqual([
      ["open", "in_transit"],
      ["in_transit", "delivered"],
    ]);
  });

  it("a delivered parcel is not set back by a late in-transit scan", async () => {
    const { database } = setup();
    const tracked = await trackedReturn("open");
    await database.db
      .update(returnShipments)
      .set({ status: "delivered" })
      .where(eq(returnShipments.id, tracked.parcelId));
    expect((await post(tracked.trackingNumber, { status: "in_transit" })).body.changed).toBe(true);
    expect((await parcel(tracked.parcelId))?.status).toBe("delivered");
    expect((await storedState(database.db, tracked.returnId)).status).toBe("in_transit");
  });

  it("a tracking number shared by two returns moves both, each with its own event", async () => {
    const { database } = setup();
    const first = await trackedReturn("open");
    const second = await trackedReturn("in_transit");
    await database.db
      .update(returnShipments)
      .set({ tracker: first.trackingNumber })
      .where(eq(returnShipments.id, second.parcelId));
    const response = await post(first.trackingNumber, { status: "delivered" });
    expect(response.body.message).toBe("Moved 2 returns to delivered.");
    expect(response.body.returns.map((r) => r.id).sort()).toEqual([first.returnId, second.returnId].sort());
    for (const { returnId } of [first, second]) {
      expect((await returnEvents(database.db, returnId)).map((e) => e.status)).toEqual(["delivered"]);
    }
  });

  it("an unknown tracking number, or another store's: 404 return-shipment/not-found", async () => {
    expectProblem(await post("NO-SUCH-PARCEL", { status: "delivered" }), 404, "return-shipment/not-found");
    const tracked = await trackedReturn("open");
    const { demoB } = setup();
    expectProblem(
      await post(tracked.trackingNumber, { status: "delivered" }, { secret: demoB.secret }, demoB.id),
      404,
      "return-shipment/not-found",
    );
    expectProblem(
      await post(tracked.trackingNumber, "{", { secret: demoB.secret }, demoB.id),
      404,
      "return-shipment/not-found",
    );
  });

  it("store A's path with store B's secret: 403", async () => {
    const tracked = await trackedReturn("open");
    expectProblem(
      await post(tracked.trackingNumber, { status: "delivered" }, { secret: setup().demoB.secret }),
      403,
      "auth/forbidden",
    );
  });

  it.each([
    ["no status", {}, ["status"]],
    ["an unknown status", { status: "lost" }, ["status"]],
    ["a return status", { status: "complete" }, ["status"]],
    ["an extra key", { status: "delivered", carrier: "ups" }, [""]],
    ["a bad datetime", { status: "delivered", datetime: "yesterday" }, ["datetime"]],
    [
      "a bad estimate",
      { status: "delivered", estimatedDeliveryDate: "2026-03-16" },
      ["estimatedDeliveryDate"],
    ],
    ["a long message", { status: "delivered", message: "x".repeat(501) }, ["message"]],
    ["not an object", [], [""]],
  ])("%s: 400 return-shipment/invalid-request, nothing written", async (_name, body, paths) => {
    const { database } = setup();
    const tracked = await trackedReturn("open");
    const response = await post(tracked.trackingNumber, body);
    expectProblem(response, 400, "return-shipment/invalid-request");
    if (paths[0]) expectInvalid(response, "return-shipment", paths);
    expect(await returnEvents(database.db, tracked.returnId)).toEqual([]);
  });

  it("null optional fields are accepted, as the published body allows", async () => {
    const tracked = await trackedReturn("open");
    const response = await post(tracked.trackingNumber, {
      status: "in_transit",
      message: null,
      datetime: null,
      estimatedDeliveryDate: null,
      location: null,
    });
    expect(response.status, response.text).toBe(200);
    expect(response.body.changed).toBe(true);
  });

  it("a viewer: 403 and nothing changes; an editor moves it, recorded under their name", async () => {
    const { database } = setup();
    const tracked = await trackedReturn("open");
    const asViewer = { cookie: cookies.viewer };
    expectProblem(
      await post(tracked.trackingNumber, { status: "in_transit" }, asViewer),
      403,
      "auth/forbidden",
    );
    expectProblem(await post(tracked.trackingNumber, "{", asViewer), 403, "auth/forbidden");
    expect((await storedState(database.db, tracked.returnId)).status).toBe("open");
    const asEditor = { cookie: cookies.editor };
    expect((await post(tracked.trackingNumber, { status: "in_transit" }, asEditor)).status).toBe(200);
    const [activity] = await returnActivitiesOf(database.db, tracked.returnId);
    expect(activity).toMatchObject({ actorKind: "staff", actorName: "Edith Editor" });
  });

  it("no credentials: 401", async () => {
    const tracked = await trackedReturn("open");
    expectProblem(await post(tracked.trackingNumber, { status: "in_transit" }, {}), 401, "auth/unauthorized");
  });
});
