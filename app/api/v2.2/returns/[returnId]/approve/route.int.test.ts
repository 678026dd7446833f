import { describe, expect, it } from "vitest";
import type { ReturnStatus } from "@/lib/enums";
import type { Order } from "@/lib/schemas/orders";
import type { Return } from "@/lib/schemas/returns";
import { callRoute } from "@/lib/testing/api";
import { expectInvalid, expectProblem, setupDemoRouteTest, unknownId } from "@/lib/testing/api-helpers";
import { returnActivitiesOf, returnEvents, returnIn, storedState } from "@/lib/testing/return-lifecycle";
import { POST } from "./route";

const { setup, owner } = setupDemoRouteTest({ returns: 200 });

function approve(returnId: string, body: unknown, auth = owner()) {
  return callRoute<{ return: Return; order: Order }>(
    POST,
    { returnId },
    { method: "POST", path: `/returns/${returnId}/approve`, body, ...auth },
  );
}
const fresh = (status: ReturnStatus, minItems = 1) =>
  returnIn(setup().database.db, setup().demoA.id, status, { minItems });

describe("POST /returns/{returnId}/approve", () => {
  it("pre_shipment -> open: answers the return and its order, every item ships back", async () => {
    const { database } = setup();
    const { returnId, itemIds } = await fresh("pre_shipment");
    const response = await approve(returnId, { customerNotes: "Approved: print the label." });
    expect(response.status, response.text).toBe(200);
    expect(response.body.return).toMatchObject({ id: returnId, status: "open" });
    expect(response.body.order.id).toEqual(expect.any(String));
    const state = await storedState(database.db, returnId);
    expect(state.items.map((item) => [item.greenReturn, item.status])).toEqual(
      itemIds.map(() => [false, "awaiting_shipment"]),
    );
    expect(await returnEvents(database.db, returnId)).toEqual([
      expect.objectContaining({ type: "updated", status: "open" }),
    ]);
    const trail = await returnActivitiesOf(database.db, returnId);
    // One entry says the approval and the move to open: no status_changed beside it.
    expect(trail.map((a) => a.kind)).toEqual(["approved"]);
    expect(trail[0]?.details).toEqual({
      items: itemIds.map((id) => ({ id, shipBack: true })),
      customerNotes: "Approved: print the label.",
    });
  });

  it("shipBack: false makes that item green; the others ship back", async () => {
    const { database } = setup();
    const { returnId, itemIds } = await fresh("pre_shipment", 2);
    const [first, second] = itemIds as [string, string];
    const response = await approve(returnId, { items: [{ id: first, shipBack: false }, { id: second }] });
    expect(response.status).toBe(200);
    const items = new Map(response.body.return.items.map((item) => [item.id, item.greenReturn]));
    expect(items.get(first)).toBe(true);
    expect(items.get(second)).toBe(false);
    expect((await storedState(database.db, returnId)).items.find((i) => i.id === first)?.status).toBe(
      "approved",
    );
  });

  it.each([
    ["no body at all", undefined],
    ["an empty object", {}],
  ])("takes %s as the published body allows: every item ships back", async (_label, body) => {
    const { database } = setup();
    const { returnId, itemIds } = await fresh("pre_shipment");
    const response = await approve(returnId, body);
    expect(response.status, response.text).toBe(200);
    expect(response.body.return).toMatchObject({ id: returnId, status: "open" });
    const state = await storedState(database.db, returnId);
    expect(state.items.map((item) => item.greenReturn)).toEqual(itemIds.map(() => false));
  });

  it.each(["open", "in_transit", "delivered", "rejected", "complete"] as const)(
    "from %s: 409 return/invalid-transition, nothing recorded",
    async (status) => {
      const { database } = setup();
      const { returnId } = await fresh(status);
      const problem = expectProblem(await approve(returnId, {}), 409, "return/invalid-transition");
      expect(problem.detail).toContain(`This return is ${status}: it cannot be approved.`);
      expect(await returnEvents(database.db, returnId)).toEqual([]);
      expect((await storedState(database.db, returnId)).status).toBe(status);
    },
  );

  it("unknown item ids: 400 return/item-not-found naming each, nothing changes", async () => {
    const { database } = setup();
    const { returnId, itemIds } = await fresh("pre_shipment");
    const ghost = unknownId("rti");
    const response = await approve(returnId, { items: [{ id: itemIds[0] }, { id: ghost, shipBack: false }] });
    const problem = expectProblem(response, 400, "return/item-not-found");
    expect(problem.errors).toEqual([{ path: "items.1.id", message: expect.stringContaining(ghost) }]);
    expect((await storedState(database.db, returnId)).status).toBe("pre_shipment");
  });

  it.each([
    ["a duplicate item", (id: string) => ({ items: [{ id }, { id }] }), ["items.1.id"]],
    ["shipBack not a boolean", (id: string) => ({ items: [{ id, shipBack: "no" }] }), ["items.0.shipBack"]],
    ["an unknown key", () => ({ approve: true }), [""]],
    ["blank customer notes", () => ({ customerNotes: "   " }), ["customerNotes"]],
  ])("%s: 400 return/invalid-request", async (_name, body, paths) => {
    const { returnId, itemIds } = await fresh("pre_shipment");
    const response = await approve(returnId, body(itemIds[0] as string));
    expectProblem(response, 400, "return/invalid-request");
    if (paths[0]) expectInvalid(response, "return", paths);
  });

  it("a retry with the same Idempotency-Key gets the first answer, and approves once", async () => {
    const { database } = setup();
    const { returnId } = await fresh("pre_shipment");
    const auth = { secret: setup().demoA.secret, headers: { "Idempotency-Key": `approve-${returnId}` } };
    const first = await approve(returnId, {}, auth);
    const again = await approve(returnId, {}, auth);
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body).toEqual(first.body);
    expect(await returnEvents(database.db, returnId)).toHaveLength(1);
  });
});
