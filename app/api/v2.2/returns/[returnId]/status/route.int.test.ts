import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { returnItems } from "@/lib/db/schema";
import { RETURN_TRANSITIONS } from "@/lib/domain/returns/transitions";
import { RETURN_STATUS_UPDATES, RETURN_STATUSES, type ReturnStatus } from "@/lib/enums";
import { callRoute } from "@/lib/testing/api";
import { expectInvalid, expectProblem, setupDemoRouteTest, unknownId } from "@/lib/testing/api-helpers";
import { returnActivitiesOf, returnEvents, returnIn, storedState } from "@/lib/testing/return-lifecycle";
import { GET, PUT } from "./route";

const { setup, cookies, owner: asOwner } = setupDemoRouteTest({ returns: 300, editorName: "Edith Editor" });

function put(returnId: string, body: unknown, auth = asOwner()) {
  return callRoute(PUT, { returnId }, { method: "PUT", path: `/returns/${returnId}/status`, body, ...auth });
}
function get(returnId: string, auth = asOwner()) {
  return callRoute<{ status: ReturnStatus }>(
    GET,
    { returnId },
    { path: `/returns/${returnId}/status`, ...auth },
  );
}
const fresh = (status: ReturnStatus, options?: Parameters<typeof returnIn>[3]) =>
  returnIn(setup().database.db, setup().demoA.id, status, options);

/** The moves PUT status makes, with the published request values only (the others are 400). */
const STAFF_EDGES = RETURN_STATUSES.flatMap((from) =>
  RETURN_TRANSITIONS[from].filter((edge) => edge.via === "status").map((edge) => [from, edge.to] as const),
);
const REFUSED = RETURN_STATUSES.flatMap((from) =>
  RETURN_STATUS_UPDATES.filter(
    (to) => to !== from && !STAFF_EDGES.some(([f, t]) => f === from && t === to),
  ).map((to) => [from, to] as const),
);
/** Where each staff edge lands: `open` resumes a flagged return (flagged while delivered, by `fresh`). */
const landing = (from: ReturnStatus, to: ReturnStatus): ReturnStatus =>
  from === "flagged" && to === "open" ? "delivered" : to;
/** What the items not yet processed become on each edge. */
const ITEMS_AFTER: Partial<Record<ReturnStatus, string>> = {
  complete: "processed",
  rejected: "rejected",
  deleted: "cancelled",
};

describe("GET /returns/{returnId}/status", () => {
  it("answers the status, to a viewer too", async () => {
    const { returnId } = await fresh("in_transit");
    const response = await get(returnId, { headers: { cookie: cookies.viewer } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: "in_transit" });
  });

  it("an unknown or another store's return: 404", async () => {
    expectProblem(await get(unknownId("ret")), 404, "return/not-found");
    const { returnId } = await fresh("open");
    expectProblem(await get(returnId, { secret: setup().demoB.secret }), 404, "return/not-found");
  });
});

describe("PUT /returns/{returnId}/status", () => {
  it("lists the staff edges it tests", () => {
    const under = ["open", "in_transit", "delivered", "needs_review", "in_review"] as const;
    expect(STAFF_EDGES).toEqual([
      ["open", "complete"],
      ["open", "flagged"],
      ["open", "rejected"],
      ["open", "deleted"],
      ...under
        .slice(1)
        .flatMap((from) =>
          (["complete", "flagged", "rejected", "deleted"] as const).map((to) => [from, to] as const),
        ),
      ["complete", "open"],
      ["rejected", "open"],
      ["flagged", "open"],
      ["flagged", "complete"],
      ["flagged", "rejected"],
      ["flagged", "deleted"],
      ["pre_shipment", "open"],
      ["pre_shipment", "flagged"],
      ["pre_shipment", "rejected"],
      ["pre_shipment", "deleted"],
    ]);
  });

  it.each(STAFF_EDGES)("%s -> %s: 204, stored, its activity and one updated event", async (from, to) => {
    const { database } = setup();
    const { returnId } = await fresh(from);
    const body =
      to === "rejected" ? { status: to, customerNotes: "Outside the return window." } : { status: to };
    const response = await put(returnId, body);
    expect(response.status, response.text).toBe(204);
    expect(response.text).toBe("");
    const landed = landing(from, to);
    expect((await get(returnId)).body).toEqual({ status: landed });
    expect(await returnEvents(database.db, returnId)).toEqual([
      expect.objectContaining({ type: "updated", status: landed }),
    ]);
    const trail = await returnActivitiesOf(database.db, returnId);
    // Approving by PUT status records the approval, one entry, as Approve return does.
    const approving = from === "pre_shipment" && to === "open";
    expect(trail.map((activity) => activity.kind)).toEqual(approving ? ["approved"] : ["status_changed"]);
    expect(trail.at(-1)).toMatchObject({
      actorKind: "api_secret",
      details: approving
        ? { items: expect.any(Array) }
        : {
            from,
            to: landed,
            via: "status",
            ...(to === "rejected" ? { customerNotes: "Outside the return window." } : {}),
          },
    });
    const state = await storedState(database.db, returnId);
    // Approving and reopening send every item back to awaiting shipment; flagging and resuming leave them.
    const itemsAfter =
      ITEMS_AFTER[to] ?? (to === "open" && from !== "flagged" ? "awaiting_shipment" : "received");
    expect(state.items.map((item) => item.status)).toEqual(state.items.map(() => itemsAfter));
  });

  it.each(REFUSED)("%s -> %s: 409 return/invalid-transition naming the allowed moves", async (from, to) => {
    const { database } = setup();
    const { returnId } = await fresh(from);
    const problem = expectProblem(await put(returnId, { status: to }), 409, "return/invalid-transition");
    expect(problem.detail).toContain(`This return is ${from}`);
    const allowed = RETURN_TRANSITIONS[from].filter((edge) => !(from === "open" && edge.via === "process"));
    for (const edge of allowed) expect(problem.detail).toContain(edge.to);
    if (allowed.length === 0) expect(problem.detail).toContain("final");
    expect((await storedState(database.db, returnId)).status).toBe(from);
    expect(await returnEvents(database.db, returnId)).toEqual([]);
  });

  it("the status it already has: 204, nothing recorded", async () => {
    const { database } = setup();
    const { returnId } = await fresh("flagged");
    expect((await put(returnId, { status: "flagged" })).status).toBe(204);
    expect(await returnEvents(database.db, returnId)).toEqual([]);
    expect(await returnActivitiesOf(database.db, returnId)).toEqual([]);
  });

  it("flag then open: back where it was flagged, in transit stays in transit", async () => {
    const { database } = setup();
    const { returnId } = await fresh("in_transit");
    expect((await put(returnId, { status: "flagged" })).status).toBe(204);
    expect((await get(returnId)).body).toEqual({ status: "flagged" });
    expect((await put(returnId, { status: "open" })).status).toBe(204);
    expect((await get(returnId)).body).toEqual({ status: "in_transit" });
    const trail = await returnActivitiesOf(database.db, returnId);
    expect(trail.map((a) => [a.details.from, a.details.to])).toEqual([
      ["in_transit", "flagged"],
      ["flagged", "in_transit"],
    ]);
  });

  it("a processed item keeps its status when the return is completed, rejected or deleted", async () => {
    const { database } = setup();
    const { returnId, itemIds } = await fresh("in_review", { minItems: 2 });
    await database.db
      .update(returnItems)
      .set({ status: "processed" })
      .where(eq(returnItems.id, itemIds[0] as string));
    expect((await put(returnId, { status: "rejected" })).status).toBe(204);
    const state = await storedState(database.db, returnId);
    expect(Object.fromEntries(state.items.map((item) => [item.id, item.status]))).toEqual(
      Object.fromEntries(itemIds.map((id, index) => [id, index === 0 ? "processed" : "rejected"])),
    );
  });

  it.each([
    ["no status", {}, ["status"]],
    ["a status the package does not let you set", { status: "in_transit" }, ["status"]],
    ["an obsolete status", { status: "cancelled" }, ["status"]],
    ["an extra key", { status: "flagged", note: "x" }, [""]],
    ["empty notes", { status: "rejected", customerNotes: "  " }, ["customerNotes"]],
    ["not an object", [], [""]],
  ])("%s: 400 return/invalid-request, never 500", async (_name, body, paths) => {
    const { returnId } = await fresh("open");
    const response = await put(returnId, body);
    expectProblem(response, 400, "return/invalid-request");
    if (paths[0]) expectInvalid(response, "return", paths);
  });

  it("malformed JSON: 400", async () => {
    const { returnId } = await fresh("open");
    expectProblem(await put(returnId, "{"), 400, "return/invalid-request");
  });

  it("a viewer: 403 and nothing changes; an editor moves it, recorded under their name", async () => {
    const { database } = setup();
    const { returnId } = await fresh("open");
    const asViewer = { cookie: cookies.viewer };
    expectProblem(await put(returnId, { status: "flagged" }, asViewer), 403, "auth/forbidden");
    expect((await storedState(database.db, returnId)).status).toBe("open");
    const asEditor = { cookie: cookies.editor };
    expect((await put(returnId, { status: "flagged" }, asEditor)).status).toBe(204);
    const [activity] = await returnActivitiesOf(database.db, returnId);
    expect(activity).toMatchObject({ actorKind: "staff", actorName: "Edith Editor" });
  });

  it("another store's return: 404 before the body is read", async () => {
    const { returnId } = await fresh("open");
    expectProblem(await put(returnId, "{", { secret: setup().demoB.secret }), 404, "return/not-found");
  });
});
