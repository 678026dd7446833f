import { describe, expect, it } from "vitest";
import type { Return } from "@/lib/schemas/returns";
import { callRoute } from "@/lib/testing/api";
import { expectProblem, setupDemoRouteTest, unknownId } from "@/lib/testing/api-helpers";
import { returnActivitiesOf, returnEvents, returnIn, storedState } from "@/lib/testing/return-lifecycle";
import { POST as unflag } from "../unflag/route";
import { POST as flag } from "./route";

const { setup, cookies, owner } = setupDemoRouteTest();

const call = (handler: typeof flag, name: string, returnId: string, auth = owner()) =>
  callRoute<Return>(handler, { returnId }, { method: "POST", path: `/returns/${returnId}/${name}`, ...auth });

describe("POST /returns/{returnId}/flag (alias of PUT status flagged)", () => {
  it("sets the status flagged, answering the return itself; one activity and one event", async () => {
    const { database } = setup();
    const { returnId } = await returnIn(database.db, setup().demoA.id, "delivered");
    const response = await call(flag, "flag", returnId);
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ id: returnId, status: "flagged" });
    expect(response.body.tags.map((tag) => tag.name)).not.toContain("flagged");
    expect((await storedState(database.db, returnId)).status).toBe("flagged");
    expect(await returnEvents(database.db, returnId)).toEqual([
      expect.objectContaining({ type: "updated", status: "flagged" }),
    ]);
    expect((await returnActivitiesOf(database.db, returnId)).map((a) => [a.kind, a.details])).toEqual([
      ["status_changed", { from: "delivered", to: "flagged", via: "status" }],
    ]);
  });

  it("flagging a flagged return changes nothing and records nothing", async () => {
    const { database } = setup();
    const { returnId } = await returnIn(database.db, setup().demoA.id, "open");
    await call(flag, "flag", returnId);
    const again = await call(flag, "flag", returnId);
    expect(again.status).toBe(200);
    expect(again.body.status).toBe("flagged");
    expect(await returnEvents(database.db, returnId)).toHaveLength(1);
  });

  it("a finished return cannot be flagged: 409, unchanged", async () => {
    const { database } = setup();
    const { returnId } = await returnIn(database.db, setup().demoA.id, "complete");
    expectProblem(await call(flag, "flag", returnId), 409, "return/invalid-transition");
    expect((await storedState(database.db, returnId)).status).toBe("complete");
  });

  it("unknown return: 404; a viewer: 403; an editor flags", async () => {
    const { database } = setup();
    expectProblem(await call(flag, "flag", unknownId("ret")), 404, "return/not-found");
    const { returnId } = await returnIn(database.db, setup().demoA.id, "open");
    const viewer = { cookie: cookies.viewer };
    expectProblem(await call(flag, "flag", returnId, viewer), 403, "auth/forbidden");
    expect((await storedState(database.db, returnId)).status).toBe("open");
    const editor = { cookie: cookies.editor };
    expect((await call(flag, "flag", returnId, editor)).body.status).toBe("flagged");
  });
});

describe("POST /returns/{returnId}/unflag (back to the status before the flag)", () => {
  it("puts a return flagged while delivered back to delivered, answering it; one event and one activity", async () => {
    const { database } = setup();
    const { returnId } = await returnIn(database.db, setup().demoA.id, "flagged", {
      flaggedFrom: "delivered",
    });
    // What unflag has to change: a no-op unflag leaves all of it.
    expect((await storedState(database.db, returnId)).status).toBe("flagged");
    const response = await call(unflag, "unflag", returnId);
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ id: returnId, status: "delivered" });
    expect((await storedState(database.db, returnId)).status).toBe("delivered");
    expect(await returnEvents(database.db, returnId)).toEqual([
      expect.objectContaining({ type: "updated", status: "delivered" }),
    ]);
    expect((await returnActivitiesOf(database.db, returnId)).map((a) => [a.kind, a.details])).toEqual([
      ["status_changed", { from: "flagged", to: "delivered", via: "status" }],
    ]);
  });

  it("flag then unflag: in transit again, two events in order", async () => {
    const { database } = setup();
    const { returnId } = await returnIn(database.db, setup().demoA.id, "in_transit");
    expect((await call(flag, "flag", returnId)).body.status).toBe("flagged");
    const response = await call(unflag, "unflag", returnId);
    expect(response.status).toBe(200);
    expect(response.body.status).toBe("in_transit");
    expect((await storedState(database.db, returnId)).status).toBe("in_transit");
    const recorded = await returnEvents(database.db, returnId);
    expect(recorded.map((event) => event.status)).toEqual(["flagged", "in_transit"]);
    expect(recorded[0]?.seq).toBeLessThan(recorded[1]?.seq ?? 0);
    expect(
      (await returnActivitiesOf(database.db, returnId)).map((a) => [a.details.from, a.details.to]),
    ).toEqual([
      ["in_transit", "flagged"],
      ["flagged", "in_transit"],
    ]);
  });

  it("an unflagged return: 200, unchanged, nothing recorded; a viewer: 403 and it stays flagged", async () => {
    const { database } = setup();
    const { returnId } = await returnIn(database.db, setup().demoA.id, "open");
    const response = await call(unflag, "unflag", returnId);
    expect(response.status).toBe(200);
    expect(response.body.status).toBe("open");
    expect(await returnEvents(database.db, returnId)).toEqual([]);
    const flagged = await returnIn(database.db, setup().demoA.id, "flagged");
    const viewer = { cookie: cookies.viewer };
    expectProblem(await call(unflag, "unflag", flagged.returnId, viewer), 403, "auth/forbidden");
    expect((await storedState(database.db, flagged.returnId)).status).toBe("flagged");
  });
});
