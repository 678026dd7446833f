import { describe, expect, it } from "vitest";
import { addReturnTag, listReturnTags } from "@/lib/domain/returns/tags";
import type { CatalogueTag } from "@/lib/schemas/return-tag-catalogue";
import { callRoute } from "@/lib/testing/api";
import { expectInvalid, expectProblem, setupDemoRouteTest } from "@/lib/testing/api-helpers";
import { checkRequestAgainstPublished } from "@/lib/testing/published-schema";
import { returnActivitiesOf, returnEvents, returnIn } from "@/lib/testing/return-lifecycle";
import { DELETE, PUT } from "./[name]/route";
import { GET } from "./route";

const { setup, cookies, owner, storeId } = setupDemoRouteTest({ returns: 60 });

const list = (auth = owner()) =>
  callRoute<{ tags: CatalogueTag[] }>(
    GET,
    { storeId: storeId() },
    { path: `/stores/${storeId()}/return-tags`, ...auth },
  );
const put = (name: string, body: unknown, auth = owner()) =>
  callRoute<{ tag: CatalogueTag }>(
    PUT,
    { storeId: storeId(), name },
    { method: "PUT", path: `/stores/${storeId()}/return-tags/${encodeURIComponent(name)}`, body, ...auth },
  );
const remove = (name: string, auth = owner()) =>
  callRoute<{ success: true }>(
    DELETE,
    { storeId: storeId(), name },
    { method: "DELETE", path: `/stores/${storeId()}/return-tags/${encodeURIComponent(name)}`, ...auth },
  );
const actor = { name: "Test" };
const taggedReturn = async (name: string) => {
  const { database } = setup();
  const { returnId } = await returnIn(database.db, storeId(), "open");
  await addReturnTag(database.db, { storeId: storeId(), returnId, name, actor });
  return returnId;
};
const tagsOf = async (returnId: string) =>
  (await listReturnTags(setup().database.db, { returnId, storeIds: [storeId()] })).map((tag) => tag.name);

describe("/stores/{storeId}/return-tags", () => {
  it("lists the store's catalogue: the demo's tags, and a name put on a return joins it", async () => {
    const before = await list();
    expect(before.status, before.text).toBe(200);
    expect(before.body.tags.length).toBeGreaterThan(0);
    expect(before.body.tags[0]).toMatchObject({ kind: "return", pillTheme: "NORMAL", numericId: null });
    await taggedReturn("Inline new tag");
    const after = (await list()).body.tags;
    expect(after).toContainEqual({
      name: "Inline new tag",
      kind: "return",
      pillTheme: "NORMAL",
      source: "merchant",
      numericId: null,
    });
    const other = await callRoute<{ tags: CatalogueTag[] }>(
      GET,
      { storeId: setup().demoB.id },
      { path: `/stores/${setup().demoB.id}/return-tags`, secret: setup().demoB.secret },
    );
    expect(other.body.tags.map((tag) => tag.name)).not.toContain("Inline new tag");
  });

  it("PUT creates a tag, then recolours it (200 each time); the package's body is accepted", async () => {
    const body = { pillTheme: "SOLID_RED" };
    expect(checkRequestAgainstPublished("put", "/stores/{storeId}/return-tags/{name}", body)).toBeUndefined();
    const created = await put("Damaged in transit", body);
    expect(created.status, created.text).toBe(200);
    expect(created.body.tag).toEqual({
      name: "Damaged in transit",
      kind: "return",
      pillTheme: "SOLID_RED",
      source: "merchant",
      numericId: null,
    });
    const recoloured = await put("Damaged in transit", { pillTheme: "SUCCESS" });
    expect(recoloured.body.tag.pillTheme).toBe("SUCCESS");
    const named = (await list()).body.tags.filter((tag) => tag.name === "Damaged in transit");
    expect(named).toEqual([recoloured.body.tag]);
  });

  it("PUT with newName renames the tag and every return carrying it, recording each", async () => {
    const { database } = setup();
    const returnId = await taggedReturn("rename-me");
    const eventsBefore = (await returnEvents(database.db, returnId)).length;
    const body = { pillTheme: "PRIMARY", newName: "renamed" };
    expect(checkRequestAgainstPublished("put", "/stores/{storeId}/return-tags/{name}", body)).toBeUndefined();
    const renamed = await put("rename-me", body);
    expect(renamed.status, renamed.text).toBe(200);
    expect(renamed.body.tag).toMatchObject({ name: "renamed", pillTheme: "PRIMARY" });
    expect(await tagsOf(returnId)).toContain("renamed");
    expect(await tagsOf(returnId)).not.toContain("rename-me");
    const names = (await list()).body.tags.map((tag) => tag.name);
    expect(names).toContain("renamed");
    expect(names).not.toContain("rename-me");
    expect(await returnEvents(database.db, returnId)).toHaveLength(eventsBefore + 1);
    expect((await returnActivitiesOf(database.db, returnId)).slice(-2).map((a) => a.details)).toEqual([
      { name: "rename-me" },
      { name: "renamed" },
    ]);
  });

  it("a rename from a missing tag or onto a taken name: 400 return-tag/rename-precondition-failed", async () => {
    expectProblem(
      await put("no-such-tag", { pillTheme: "NORMAL", newName: "anything" }),
      400,
      "return-tag/rename-precondition-failed",
    );
    await put("taken-a", { pillTheme: "NORMAL" });
    await put("taken-b", { pillTheme: "NORMAL" });
    expectProblem(
      await put("taken-a", { pillTheme: "NORMAL", newName: "taken-b" }),
      400,
      "return-tag/rename-precondition-failed",
    );
  });

  it.each([
    ["no pillTheme", {}, ["pillTheme"]],
    ["an unknown pillTheme", { pillTheme: "PLAID" }, ["pillTheme"]],
    ["an empty newName", { pillTheme: "NORMAL", newName: " " }, ["newName"]],
  ])("PUT with %s: 400 return-tag/invalid-request naming the field", async (_name, body, paths) => {
    expectInvalid(await put("some-tag", body), "return-tag", paths);
  });

  it("DELETE removes the tag from the catalogue and strips it from its returns; an unknown name: same", async () => {
    const { database } = setup();
    const returnId = await taggedReturn("strip-me");
    const eventsBefore = (await returnEvents(database.db, returnId)).length;
    const deleted = await remove("strip-me");
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.body).toEqual({ success: true });
    expect(await tagsOf(returnId)).not.toContain("strip-me");
    expect((await list()).body.tags.map((tag) => tag.name)).not.toContain("strip-me");
    expect(await returnEvents(database.db, returnId)).toHaveLength(eventsBefore + 1);
    expect((await remove("strip-me")).body).toEqual({ success: true });
  });

  it("an editor creates and recolours but may not delete; an admin deletes", async () => {
    const viewer = { cookie: cookies.viewer };
    const editor = { cookie: cookies.editor };
    const admin = { cookie: cookies.admin };
    expect((await list(viewer)).status).toBe(200);
    expect((await put("by-editor", { pillTheme: "NORMAL" }, editor)).status).toBe(200);
    expectProblem(await remove("by-editor", editor), 403, "auth/forbidden");
    expect((await remove("by-editor", admin)).status).toBe(200);
  });
});
