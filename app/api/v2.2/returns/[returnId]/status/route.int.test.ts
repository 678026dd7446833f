import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { returnShipments } from "@/lib/db/schema";
import { RETURN_TRANSITIONS } from "@/lib/domain/returns/transitions";
import { RETURN_STATUSES, type ReturnStatus } from "@/lib/enums";
import { callRoute } from "@/lib/testing/api";
import {
  demoStaffCookies,
  expectInvalid,
  expectProblem,
  SAME_ORIGIN,
  setupDemoApiTestDatabase,
  unknownId,
} from "@/lib/testing/api-helpers";
import { returnActivitiesOf, returnEvents, returnIn, storedState } from "@/lib/testing/return-lifecycle";
import { GET, PUT } from "./route";

const setup = setupDemoApiTestDatabase({ returns: 300 });
const cookies = demoStaffCookies(setup, "Edith Editor");

type Auth = { secret?: string; headers?: Record<string, string> };
const asOwner = (): Auth => ({ secret: setup().demoA.secret });

function put(returnId: string, body: unknown, auth: Auth = asOwner()) {
  return callRoute(PUT, { returnId }, { method: "PUT", path: `/returns/${returnId}/status`, body, ...auth });
}
function get(returnId: string, auth: Auth = asOwner()) {
  return callRoute<{ status: ReturnStatus }>(
    GET,
    { returnId },
    { path: `/returns/${returnId}/status`, ...auth },
  );
}
const fresh = (status: ReturnStatus) => returnIn(setup().database.db, setup().demoA.id, status);

/** The moves PUT status makes (the rest are approval's and processing's). */
const STAFF_EDGES = RETURN_STATUSES.flatMap((from) =>
  RETURN_TRANSITIONS[from].filter((edge) => edge.via === "status").map((edge) => [from, edge.to] as const),
);
const REFUSED = RETURN_STATUSES.flatMap((from) =>
  RETURN_STATUSES.filter((to) => to !== from && !STAFF_EDGES.some(([f, t]) => f === from && t === to)).map(
    (to) => [from, to] as const,
  ),
);

describe("GET /returns/{returnId}/status", () => {
  it("answers the status, to a viewer too", async () => {
    const { returnId } = await fresh("transit");
    const response = await get(returnId, { headers: { cookie: cookies.viewer } });
    expect(response.status).toBe(200);
    expect(response.body).toEqual({ status: "transit" });
  });

  it("an unknown or another store's return: 404", async () => {
    expectProblem(await get(unknownId("ret")), 404, "return/not-found");
    const { returnId } = await fresh("open");
    expectProblem(await get(returnId, { secret: setup().demoB.secret }), 404, "return/not-found");
  });
});

describe("PUT /returns/{returnId}/status", () => {
  it("lists the staff edges it tests", () => {
    expect(STAFF_EDGES).toEqual([
      ["manual_review", "cancelled"],
      ["open", "transit"],
      ["transit", "delivered"],
    ]);
  });

  it.each(STAFF_EDGES)("%s -> %s: 204, stored, one activity and one updated event", async (from, to) => {
    const { database } = setup();
    const { returnId } = await fresh(from);
    const body =
      to === "cancelled" ? { status: to, customerNotes: "Outside the return window." } : { status: to };
    const response = await put(returnId, body);
    expect(response.status, response.text).toBe(204);
    expect(response.text).toBe("");
    expect((await get(returnId)).body).toEqual({ status: to });
    expect(await returnEvents(database.db, returnId)).toEqual([
      expect.objectContaining({ type: "updated", status: to }),
    ]);
    const [activity, ...more] = await returnActivitiesOf(database.db, returnId);
    expect(more).toEqual([]);
    expect(activity).toMatchObject({
      kind: "status_changed",
      actorKind: "api_secret",
      details: {
        from,
        to,
        via: "status",
        ...(to === "cancelled" ? { customerNotes: "Outside the return window." } : {}),
      },
    });
  });

  it.each(REFUSED)("%s -> %s: 409 return/invalid-transition naming the allowed moves", async (from, to) => {
    const { database } = setup();
    const { returnId } = await fresh(from);
    const body = to === "cancelled" ? { status: to, customerNotes: "No." } : { status: to };
    const problem = expectProblem(await put(returnId, body), 409, "return/invalid-transition");
    expect(problem.detail).toContain(`This return is ${from}`);
    const allowed = RETURN_TRANSITIONS[from].filter((edge) => !(from === "open" && edge.via === "process"));
    for (const edge of allowed) expect(problem.detail).toContain(edge.to);
    if (allowed.length === 0) expect(problem.detail).toContain("final");
    expect((await storedState(database.db, returnId)).status).toBe(from);
    expect(await returnEvents(database.db, returnId)).toEqual([]);
  });

  it("the status it already has: 204, nothing recorded", async () => {
    const { database } = setup();
    const { returnId } = await fresh("delivered");
    expect((await put(returnId, { status: "delivered" })).status).toBe(204);
    expect(await returnEvents(database.db, returnId)).toEqual([]);
    expect(await returnActivitiesOf(database.db, returnId)).toEqual([]);
  });

  it("walks open -> transit -> delivered: events in order, items and parcels follow", async () => {
    const { database } = setup();
    const { returnId } = await fresh("open");
    await database.db
      .update(returnShipments)
      .set({ status: "pre_transit", deliveredAt: null })
      .where(eq(returnShipments.returnId, returnId));
    expect((await put(returnId, { status: "transit" })).status).toBe(204);
    expect(
      (await storedState(database.db, returnId)).items.every((item) => item.status === "in_transit"),
    ).toBe(true);
    expect((await put(returnId, { status: "delivered" })).status).toBe(204);
    const state = await storedState(database.db, returnId);
    expect(state.items.every((item) => item.status === "received")).toBe(true);
    const parcels = await database.db
      .select()
      .from(returnShipments)
      .where(eq(returnShipments.returnId, returnId));
    for (const parcel of parcels) {
      expect(parcel.status).toBe("delivered");
      expect(parcel.deliveredAt).toBeInstanceOf(Date);
    }
    const recorded = await returnEvents(database.db, returnId);
    expect(recorded.map((event) => event.status)).toEqual(["transit", "delivered"]);
    expect(recorded[0]?.seq).toBeLessThan(recorded[1]?.seq ?? 0);
    const trail = await returnActivitiesOf(database.db, returnId);
    expect(trail.map((a) => [a.details.from, a.details.to])).toEqual([
      ["open", "transit"],
      ["transit", "delivered"],
    ]);
  });

  it("rejecting a return in review without a note to the customer: 400 naming customerNotes", async () => {
    const { returnId } = await fresh("manual_review");
    expectInvalid(await put(returnId, { status: "cancelled" }), "return", ["customerNotes"]);
  });

  it.each([
    ["no status", {}, ["status"]],
    ["an unknown status", { status: "flagged" }, ["status"]],
    ["an extra key", { status: "transit", note: "x" }, [""]],
    ["empty notes", { status: "cancelled", customerNotes: "  " }, ["customerNotes"]],
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
    const asViewer = { headers: { cookie: cookies.viewer, ...SAME_ORIGIN } };
    expectProblem(await put(returnId, { status: "transit" }, asViewer), 403, "auth/forbidden");
    expect((await storedState(database.db, returnId)).status).toBe("open");
    const asEditor = { headers: { cookie: cookies.editor, ...SAME_ORIGIN } };
    expect((await put(returnId, { status: "transit" }, asEditor)).status).toBe(204);
    const [activity] = await returnActivitiesOf(database.db, returnId);
    expect(activity).toMatchObject({ actorKind: "staff", actorName: "Edith Editor" });
  });

  it("another store's return: 404 before the body is read", async () => {
    const { returnId } = await fresh("open");
    expectProblem(await put(returnId, "{", { secret: setup().demoB.secret }), 404, "return/not-found");
  });
});
