import { beforeAll, describe, expect, it } from "vitest";
import type { SavedView } from "@/lib/schemas/saved-views";
import { type Caller, callRoute } from "@/lib/testing/api";
import { expectInvalid, expectProblem, setupDemoApiTestDatabase } from "@/lib/testing/api-helpers";
import { staffSessionCookie } from "@/lib/testing/session";
import { DELETE } from "./[viewId]/route";
import { GET, POST } from "./route";

const setup = setupDemoApiTestDatabase({ returns: 10 });
const cookies = { owner: "", editor: "", viewer: "", admin: "", other: "" };

beforeAll(async () => {
  const { database, demoA, demoB } = setup();
  const cookie = async (storeId: string, role: "admin" | "editor" | "viewer") =>
    (await staffSessionCookie(database.db, [{ storeId, role }])).cookie;
  cookies.owner = await cookie(demoA.id, "editor");
  cookies.editor = await cookie(demoA.id, "editor");
  cookies.viewer = await cookie(demoA.id, "viewer");
  cookies.admin = await cookie(demoA.id, "admin");
  cookies.other = await cookie(demoB.id, "admin");
});

const as = (cookie: string): Caller => ({ cookie });
const path = (storeId: string) => `/stores/${storeId}/saved-views`;
const create = (cookie: string, view: Record<string, unknown>, storeId = setup().demoA.id) =>
  callRoute<{ saved_view: SavedView }>(
    POST,
    { storeId },
    { method: "POST", path: path(storeId), body: { saved_view: view }, ...as(cookie) },
  );
const list = (cookie: string, query = "", storeId = setup().demoA.id) =>
  callRoute<{ saved_views: SavedView[] }>(
    GET,
    { storeId },
    { path: `${path(storeId)}${query}`, ...as(cookie) },
  );
const remove = (cookie: string, viewId: string, storeId = setup().demoA.id) =>
  callRoute(
    DELETE,
    { storeId, viewId },
    { method: "DELETE", path: `${path(storeId)}/${viewId}`, ...as(cookie) },
  );
const names = async (cookie: string, query = "") =>
  (await list(cookie, query)).body.saved_views.map((v) => v.name);

describe("saved views", () => {
  it("a personal view is its owner's only; a shared one every member's", async () => {
    const personal = await create(cookies.owner, {
      list: "returns",
      name: "Mine",
      query: "?status=open&q=smith",
    });
    expect(personal.status, personal.text).toBe(201);
    expect(personal.body.saved_view).toMatchObject({
      list: "returns",
      name: "Mine",
      query: "status=open&q=smith",
      shared: false,
      deletable: true,
    });
    const shared = await create(cookies.owner, {
      list: "shipments",
      name: "Late at the dock",
      query: "late=true&status=IN_TRANSIT",
      shared: true,
    });
    expect(shared.status, shared.text).toBe(201);

    expect(await names(cookies.owner)).toEqual(["Late at the dock", "Mine"]);
    expect(await names(cookies.owner, "?list=returns")).toEqual(["Mine"]);
    expect(await names(cookies.editor)).toEqual(["Late at the dock"]);
    expect(await names(cookies.viewer)).toEqual(["Late at the dock"]);
    expect((await list(cookies.viewer)).body.saved_views[0]?.deletable).toBe(false);
    // Another store's member sees none of them, in their store; store A's path is refused.
    expect((await list(cookies.other, "", setup().demoB.id)).body.saved_views).toEqual([]);
    expectProblem(await list(cookies.other), 403, "auth/forbidden");

    // Another member's personal view is invisible (404); a shared one is deletable by an editor.
    const personalId = personal.body.saved_view.id;
    expectProblem(await remove(cookies.editor, personalId), 404, "saved-view/not-found");
    expectProblem(await remove(cookies.other, personalId, setup().demoB.id), 404, "saved-view/not-found");
    expectProblem(await remove(cookies.viewer, shared.body.saved_view.id), 403, "auth/forbidden");
    expect((await remove(cookies.editor, shared.body.saved_view.id)).status).toBe(204);
    expect((await remove(cookies.owner, personalId)).status).toBe(204);
    expect(await names(cookies.owner)).toEqual([]);
    expectProblem(await remove(cookies.owner, personalId), 404, "saved-view/not-found");
  });

  it("an admin deletes another member's shared view: shared views are the store's", async () => {
    const shared = await create(cookies.owner, { list: "returns", name: "Team", query: "", shared: true });
    expect((await remove(cookies.admin, shared.body.saved_view.id)).status).toBe(204);
  });

  it("refuses a second view of a name, whatever its case, among the caller's own and the list's shared ones", async () => {
    expect((await create(cookies.owner, { list: "returns", name: "Dock", query: "" })).status).toBe(201);
    const again = await create(cookies.owner, { list: "returns", name: " dOCK ", query: "status=open" });
    expectProblem(again, 409, "saved-view/name-taken");
    expect(again.text).toContain("You already have a view named");
    // Another list, or another member's personal view, may use the name.
    expect((await create(cookies.owner, { list: "shipments", name: "Dock", query: "" })).status).toBe(201);
    expect((await create(cookies.editor, { list: "returns", name: "Dock", query: "" })).status).toBe(201);

    const shared = { list: "shipments", name: "Morning", query: "late=true", shared: true };
    expect((await create(cookies.owner, shared)).status).toBe(201);
    const clash = await create(cookies.editor, { ...shared, name: "MORNING" });
    expectProblem(clash, 409, "saved-view/name-taken");
    expect(clash.text).toContain("already named");

    // Two saves of one name at once: the database lets one in.
    const raced = await Promise.all([
      create(cookies.admin, { list: "returns", name: "Race", query: "" }),
      create(cookies.admin, { list: "returns", name: "race", query: "" }),
    ]);
    expect(raced.map((r) => r.status).sort()).toEqual([201, 409]);
  });

  it("refuses a query with another list's or unknown parameters, repeated ones and bad values", async () => {
    const bad = [
      ["returns", "location=loc_abc"],
      ["returns", "status=open&status=complete"],
      ["returns", "status=closed"],
      ["returns", "status=OPEN"],
      ["returns", "sort=id"],
      ["returns", "updated_at_min=2025-01-01T00:00:00Z"],
      ["shipments", "sort=id"],
      ["shipments", "arriving=999"],
      ["shipments", "from=yesterday"],
    ];
    for (const [listName, query] of bad) {
      expectInvalid(await create(cookies.owner, { list: listName, name: "Bad", query }), "saved-view", [
        "saved_view.query",
      ]);
    }
    expectInvalid(await create(cookies.owner, { list: "orders", name: "x", query: "" }), "saved-view", [
      "saved_view.list",
    ]);
    expectInvalid(await create(cookies.owner, { list: "returns", name: "  ", query: "" }), "saved-view", [
      "saved_view.name",
    ]);
    expectInvalid(await list(cookies.owner, "?list=orders"), "saved-view", ["list"]);
  });

  it("sessions only: the store's API secret is refused; viewers may not save", async () => {
    const { demoA } = setup();
    const bySecret = await callRoute(
      GET,
      { storeId: demoA.id },
      { path: path(demoA.id), secret: demoA.secret },
    );
    expectProblem(bySecret, 403, "auth/forbidden");
    expectProblem(
      await create(cookies.viewer, { list: "returns", name: "V", query: "" }),
      403,
      "auth/forbidden",
    );
  });
});
