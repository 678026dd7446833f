import { describe, expect, it } from "vitest";
import type { Return } from "@/lib/schemas/returns";
import { callRoute } from "@/lib/testing/api";
import {
  demoStaffCookies,
  expectProblem,
  SAME_ORIGIN,
  setupDemoApiTestDatabase,
  unknownId,
} from "@/lib/testing/api-helpers";
import { returnActivitiesOf, returnEvents, returnIn } from "@/lib/testing/return-lifecycle";
import { POST as unflag } from "../unflag/route";
import { POST as flag } from "./route";

const setup = setupDemoApiTestDatabase();
const cookies = demoStaffCookies(setup);

type Auth = { secret?: string; headers?: Record<string, string> };
const call = (
  handler: typeof flag,
  name: string,
  returnId: string,
  auth: Auth = { secret: setup().demoA.secret },
) =>
  callRoute<Return>(handler, { returnId }, { method: "POST", path: `/returns/${returnId}/${name}`, ...auth });
const isFlagged = (ret: Return) => ret.tags.some((tag) => tag.name === "flagged");

describe("POST /returns/{returnId}/flag", () => {
  it("puts the flagged tag on (source staff), answering the return itself; the status stays", async () => {
    const { database } = setup();
    const { returnId } = await returnIn(database.db, setup().demoA.id, "delivered");
    const response = await call(flag, "flag", returnId);
    expect(response.status, response.text).toBe(200);
    expect(response.body).toMatchObject({ id: returnId, status: "delivered" });
    expect(response.body.tags).toContainEqual({ name: "flagged", source: "staff" });
    expect(await returnEvents(database.db, returnId)).toHaveLength(1);
    expect((await returnActivitiesOf(database.db, returnId)).map((a) => [a.kind, a.details])).toEqual([
      ["tag_added", { name: "flagged" }],
    ]);
  });

  it("flagging a flagged return changes nothing and records nothing", async () => {
    const { database } = setup();
    const { returnId } = await returnIn(database.db, setup().demoA.id, "open");
    await call(flag, "flag", returnId);
    const again = await call(flag, "flag", returnId);
    expect(again.status).toBe(200);
    expect(isFlagged(again.body)).toBe(true);
    expect(await returnEvents(database.db, returnId)).toHaveLength(1);
  });

  it("unknown return: 404; a viewer: 403; an editor flags", async () => {
    const { database } = setup();
    expectProblem(await call(flag, "flag", unknownId("ret")), 404, "return/not-found");
    const { returnId } = await returnIn(database.db, setup().demoA.id, "open");
    const viewer = { headers: { cookie: cookies.viewer, ...SAME_ORIGIN } };
    expectProblem(await call(flag, "flag", returnId, viewer), 403, "auth/forbidden");
    const editor = { headers: { cookie: cookies.editor, ...SAME_ORIGIN } };
    expect(isFlagged((await call(flag, "flag", returnId, editor)).body)).toBe(true);
  });
});

describe("POST /returns/{returnId}/unflag", () => {
  it("takes the tag off; flag then unflag records two events in order", async () => {
    const { database } = setup();
    const { returnId } = await returnIn(database.db, setup().demoA.id, "transit");
    await call(flag, "flag", returnId);
    const response = await call(unflag, "unflag", returnId);
    expect(response.status).toBe(200);
    expect(isFlagged(response.body)).toBe(false);
    const recorded = await returnEvents(database.db, returnId);
    expect(recorded).toHaveLength(2);
    expect(recorded[0]?.seq).toBeLessThan(recorded[1]?.seq ?? 0);
    expect((await returnActivitiesOf(database.db, returnId)).map((a) => a.kind)).toEqual([
      "tag_added",
      "tag_removed",
    ]);
  });

  it("an unflagged return: 200, nothing recorded; a viewer: 403", async () => {
    const { database } = setup();
    const { returnId } = await returnIn(database.db, setup().demoA.id, "open");
    expect((await call(unflag, "unflag", returnId)).status).toBe(200);
    expect(await returnEvents(database.db, returnId)).toEqual([]);
    const viewer = { headers: { cookie: cookies.viewer, ...SAME_ORIGIN } };
    expectProblem(await call(unflag, "unflag", returnId, viewer), 403, "auth/forbidden");
  });
});
