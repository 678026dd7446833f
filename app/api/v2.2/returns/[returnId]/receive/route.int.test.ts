import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { returnItems } from "@/lib/db/schema";
import type { Return } from "@/lib/schemas/returns";
import { callRoute } from "@/lib/testing/api";
import { expectProblem, setupDemoRouteTest, unknownId } from "@/lib/testing/api-helpers";
import { returnActivitiesOf, returnEvents, returnIn, storedState } from "@/lib/testing/return-lifecycle";
import { POST as processReturn } from "../process/route";
import { POST as receive } from "./route";

const { setup, cookies, owner } = setupDemoRouteTest();

const call = (returnId: string, auth = owner()) =>
  callRoute<Return>(receive, { returnId }, { method: "POST", path: `/returns/${returnId}/receive`, ...auth });

describe("POST /returns/{returnId}/receive (staff confirm the parcel arrived)", () => {
  it("takes a pre-shipment return to delivered in one step: items received, one activity, one event; then it processes", async () => {
    const { database } = setup();
    const { returnId, itemIds } = await returnIn(database.db, setup().demoA.id, "pre_shipment");
    await database.db
      .update(returnItems)
      .set({ status: "pending", greenReturn: null })
      .where(eq(returnItems.returnId, returnId));
    const response = await call(returnId);
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ id: returnId, status: "delivered" });
    const state = await storedState(database.db, returnId);
    expect(state.items.map((item) => [item.status, item.greenReturn])).toEqual(
      itemIds.map(() => ["received", false]),
    );
    expect((await returnActivitiesOf(database.db, returnId)).map((a) => [a.kind, a.details])).toEqual([
      ["status_changed", { from: "pre_shipment", to: "delivered", via: "receive" }],
    ]);
    expect(await returnEvents(database.db, returnId)).toEqual([
      expect.objectContaining({ type: "updated", status: "delivered" }),
    ]);

    // The point of the shortcut: the next step is processing.
    const processed = await callRoute(
      processReturn,
      { returnId },
      {
        method: "POST",
        path: `/returns/${returnId}/process`,
        body: { products: itemIds.map((_id) => ({ _id, reject: true, rejectReason: "Worn" })) },
        ...owner(),
      },
    );
    expect(processed.status, processed.text).toBe(200);
    expect((await storedState(database.db, returnId)).status).toBe("complete");
  });

  it("from open and in transit too; a delivered return is left as it is, a finished one is 409", async () => {
    const { database } = setup();
    for (const from of ["open", "in_transit"] as const) {
      const { returnId } = await returnIn(database.db, setup().demoA.id, from);
      const response = await call(returnId);
      expect(response.status, response.text).toBe(200);
      expect(response.body.status).toBe("delivered");
    }
    const { returnId: arrived } = await returnIn(database.db, setup().demoA.id, "delivered");
    expect((await call(arrived)).body.status).toBe("delivered");
    expect(await returnActivitiesOf(database.db, arrived)).toEqual([]);
    expect(await returnEvents(database.db, arrived)).toEqual([]);

    const { returnId: done } = await returnIn(database.db, setup().demoA.id, "complete");
    const problem = expectProblem(await call(done), 409, "return/invalid-transition");
    expect(problem.detail).toContain("This return is complete");
    expect((await storedState(database.db, done)).status).toBe("complete");
  });

  it("unknown return: 404; a viewer: 403, unchanged", async () => {
    const { database } = setup();
    expectProblem(await call(unknownId("ret")), 404, "return/not-found");
    const { returnId } = await returnIn(database.db, setup().demoA.id, "open");
    expectProblem(await call(returnId, { cookie: cookies.viewer }), 403, "auth/forbidden");
    expect((await storedState(database.db, returnId)).status).toBe("open");
  });
});
