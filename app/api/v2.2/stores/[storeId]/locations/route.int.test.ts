import { describe, expect, it } from "vitest";
import type { ListLocationsResponse } from "@/lib/schemas/locations";
import { callRoute } from "@/lib/testing/api";
import { expectProblem } from "@/lib/testing/api-helpers";
import { setupApiTestDatabase } from "@/lib/testing/api-setup";
import { insertLocation } from "@/lib/testing/fixtures";
import { staffSessionCookie } from "@/lib/testing/session";
import { GET, POST } from "./route";

const setup = setupApiTestDatabase();

function list(storeId: string, auth: { secret?: string; cookie?: string }) {
  return callRoute<ListLocationsResponse>(
    GET,
    { storeId },
    {
      path: `/stores/${storeId}/locations`,
      secret: auth.secret,
      headers: auth.cookie ? { cookie: auth.cookie } : {},
    },
  );
}

describe("GET /stores/{storeId}/locations", () => {
  it("lists only the store's own locations, by name", async () => {
    const { database, storeA, storeB } = setup();
    const zulu = await insertLocation(database.db, storeA.id, { name: "Zulu Dock" });
    const alpha = await insertLocation(database.db, storeA.id, { name: "Alpha Annex" });
    const response = await list(storeA.id, { secret: storeA.secret });
    expect(response.status).toBe(200);
    const { locations } = response.body;
    const ids = locations.map((l) => l.id);
    expect(ids).toHaveLength(4);
    expect(new Set(ids)).toEqual(new Set([...storeA.locationIds, zulu.id, alpha.id]));
    for (const id of storeB.locationIds) expect(ids).not.toContain(id);
    expect(locations[0]).toEqual({ id: alpha.id, name: "Alpha Annex" });
    expect(locations.at(-1)).toEqual({ id: zulu.id, name: "Zulu Dock" });
  });

  it("answers a viewer's session, and 403 for a store the caller is not in", async () => {
    const { database, storeA, storeB } = setup();
    const { cookie } = await staffSessionCookie(database.db, [{ storeId: storeA.id, role: "viewer" }]);
    expect((await list(storeA.id, { cookie })).status).toBe(200);
    expectProblem(await list(storeB.id, { cookie }), 403, "auth/forbidden");
    expectProblem(await list(storeB.id, { secret: storeA.secret }), 403, "auth/forbidden");
  });

  it("answers without credentials with 401 and POST with 405", async () => {
    const { storeA } = setup();
    expectProblem(await list(storeA.id, {}), 401, "auth/unauthorized");
    const response = await callRoute(
      POST,
      { storeId: storeA.id },
      { method: "POST", path: `/stores/${storeA.id}/locations`, secret: storeA.secret, body: {} },
    );
    expectProblem(response, 405, "request/method-not-allowed");
    expect(response.headers.get("allow")).toBe("GET");
  });
});
