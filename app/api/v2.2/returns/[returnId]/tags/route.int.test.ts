import { describe, expect, it } from "vitest";
import type { Tag } from "@/lib/schemas/returns";
import { callRoute } from "@/lib/testing/api";
import { expectInvalid, setupDemoRouteTest } from "@/lib/testing/api-helpers";
import { returnActivitiesOf, returnEvents, returnIn } from "@/lib/testing/return-lifecycle";
import { DELETE } from "./[tagName]/route";
import { GET, POST } from "./route";

const { setup, owner } = setupDemoRouteTest({ returns: 60 });
const add = (returnId: string, body: unknown, auth = owner()) =>
  callRoute<{ tag: Tag }>(
    POST,
    { returnId },
    { method: "POST", path: `/returns/${returnId}/tags`, body, ...auth },
  );
const list = (returnId: string, auth = owner()) =>
  callRoute<{ tags: Tag[] }>(GET, { returnId }, { path: `/returns/${returnId}/tags`, ...auth });
const fresh = () => returnIn(setup().database.db, setup().demoA.id, "open");

describe("/returns/{returnId}/tags", () => {
  it("adds a tag (201, trimmed, source staff), lists it; the same tag again: 200, nothing recorded", async () => {
    const { database } = setup();
    const { returnId } = await fresh();
    const before = (await list(returnId)).body.tags;
    const added = await add(returnId, { tag: { name: "  needs photos " } });
    expect(added.status, added.text).toBe(201);
    expect(added.body).toEqual({ tag: { name: "needs photos", source: "staff" } });
    expect((await list(returnId)).body.tags).toEqual([...before, { name: "needs photos", source: "staff" }]);
    const again = await add(returnId, { tag: { name: "needs photos" } });
    expect(again.status).toBe(200);
    expect(await returnEvents(database.db, returnId)).toHaveLength(1);
    expect((await returnActivitiesOf(database.db, returnId)).map((a) => a.details)).toEqual([
      { name: "needs photos" },
    ]);
  });

  it.each([
    ["an empty name", { tag: { name: " " } }, ["tag.name"]],
    ["a long name", { tag: { name: "x".repeat(101) } }, ["tag.name"]],
    ["a control character", { tag: { name: "a\u0007b" } }, ["tag.name"]],
    ["no tag", {}, ["tag"]],
  ])("%s: 400 return/invalid-request naming the field", async (_name, body, paths) => {
    const { returnId } = await fresh();
    expectInvalid(await add(returnId, body), "return", paths);
  });

  it("DELETE takes a tag off by its URL-encoded name and records it", async () => {
    const { database } = setup();
    const { returnId } = await fresh();
    await add(returnId, { tag: { name: "needs photos" } });
    const removed = await callRoute(
      DELETE,
      { returnId, tagName: "needs photos" },
      {
        method: "DELETE",
        path: `/returns/${returnId}/tags/needs%20photos`,
        ...owner(),
      },
    );
    expect(removed.status).toBe(200);
    expect(removed.body).toEqual({ success: true });
    expect((await list(returnId)).body.tags.map((t) => t.name)).not.toContain("needs photos");
    expect((await returnActivitiesOf(database.db, returnId)).map((a) => a.kind)).toEqual([
      "tag_added",
      "tag_removed",
    ]);
  });
});
