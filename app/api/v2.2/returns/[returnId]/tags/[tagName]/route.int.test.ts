import { beforeAll, describe, expect, it } from "vitest";
import { returnTags } from "@/lib/db/schema";
import { type Caller, callRoute } from "@/lib/testing/api";
import { expectProblem, setupDemoApiTestDatabase, unknownId } from "@/lib/testing/api-helpers";
import { returnEvents, returnIn } from "@/lib/testing/return-lifecycle";
import { staffSessionCookie } from "@/lib/testing/session";
import { DELETE } from "./route";

// Adding and listing, and a delete that removes a tag: ../route.int.test.ts.
const setup = setupDemoApiTestDatabase({ returns: 40 });
let viewer = "";

beforeAll(async () => {
  const { database, demoA } = setup();
  viewer = (await staffSessionCookie(database.db, [{ storeId: demoA.id, role: "viewer" }])).cookie;
});

function remove(returnId: string, tagName: string, auth: Caller) {
  return callRoute(
    DELETE,
    { returnId, tagName },
    {
      method: "DELETE",
      path: `/returns/${returnId}/tags/${encodeURIComponent(tagName)}`,
      ...auth,
    },
  );
}

describe("DELETE /returns/{returnId}/tags/{tagName}", () => {
  it("removes a tag; a tag the return lacks answers the same and records nothing", async () => {
    const { database, demoA } = setup();
    const { returnId } = await returnIn(database.db, demoA.id, "open");
    await database.db.insert(returnTags).values({ returnId, name: "gift", source: "staff" });
    expect((await remove(returnId, "gift", { secret: demoA.secret })).body).toEqual({ success: true });
    expect((await remove(returnId, "never-there", { secret: demoA.secret })).status).toBe(200);
    expect(await returnEvents(database.db, returnId)).toHaveLength(1);
  });

  it("a viewer: 403; another store's or an unknown return: 404", async () => {
    const { database, demoA, demoB } = setup();
    const { returnId } = await returnIn(database.db, demoA.id, "open");
    expectProblem(await remove(returnId, "x", { cookie: viewer }), 403, "auth/forbidden");
    expectProblem(await remove(returnId, "x", { secret: demoB.secret }), 404, "return/not-found");
    expectProblem(await remove(unknownId("ret"), "x", { secret: demoA.secret }), 404, "return/not-found");
  });
});
