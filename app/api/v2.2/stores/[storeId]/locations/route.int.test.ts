import { describe, expect, it } from "vitest";
import type { ListLocationsResponse, LocationResponse } from "@/lib/schemas/locations";
import { type Caller, callRoute, unservedMethod } from "@/lib/testing/api";
import { expectInvalid, expectProblem, unknownId } from "@/lib/testing/api-helpers";
import { setupApiTestDatabase } from "@/lib/testing/api-setup";
import { insertLocation, insertStore } from "@/lib/testing/fixtures";
import { updateLocation as update } from "@/lib/testing/locations";
import { staffSessionCookie } from "@/lib/testing/session";
import { GET as getOne } from "./[locationId]/route";
import { GET, POST } from "./route";

// The server answers methods a route does not export (405 with the path's Allow).
const PUT = unservedMethod;

const setup = setupApiTestDatabase();

function list(storeId: string, auth: Caller, query = "") {
  return callRoute<ListLocationsResponse>(
    GET,
    { storeId },
    { path: `/stores/${storeId}/locations${query}`, ...auth },
  );
}

function create(storeId: string, body: unknown, auth: Caller) {
  return callRoute<LocationResponse>(
    POST,
    { storeId },
    {
      method: "POST",
      path: `/stores/${storeId}/locations`,
      ...auth,
      body,
    },
  );
}

describe("GET /stores/{storeId}/locations", () => {
  it("lists only the store's own active locations, by name", async () => {
    const { database, storeA, storeB } = setup();
    const zulu = await insertLocation(database.db, storeA.id, { name: "Zulu Dock" });
    const alpha = await insertLocation(database.db, storeA.id, { name: "Alpha Annex" });
    const response = await list(storeA.id, { secret: storeA.secret });
    expect(response.status).toBe(200);
    const { locations } = response.body;
    const ids = locations.map((l) => l.id);
    expect(new Set(ids)).toEqual(new Set([...storeA.locationIds, zulu.id, alpha.id]));
    for (const id of storeB.locationIds) expect(ids).not.toContain(id);
    expect(locations[0]).toMatchObject({ id: alpha.id, name: "Alpha Annex", archived: false });
    expect(locations[0]).not.toHaveProperty("archived_at");
    expect(locations.at(-1)).toMatchObject({ id: zulu.id, name: "Zulu Dock" });
  });

  it("answers a viewer's session, and 403 for a store the caller is not in", async () => {
    const { database, storeA, storeB } = setup();
    const { cookie } = await staffSessionCookie(database.db, [{ storeId: storeA.id, role: "viewer" }]);
    expect((await list(storeA.id, { cookie })).status).toBe(200);
    expectProblem(await list(storeB.id, { cookie }), 403, "auth/forbidden");
    expectProblem(await list(storeB.id, { secret: storeA.secret }), 403, "auth/forbidden");
  });

  it("refuses a bad include_archived, no credentials, and PUT with the path's Allow", async () => {
    const { storeA } = setup();
    expectInvalid(await list(storeA.id, { secret: storeA.secret }, "?include_archived=yes"), "location", [
      "include_archived",
    ]);
    expectProblem(await list(storeA.id, {}), 401, "auth/unauthorized");
    const response = await callRoute(
      PUT,
      { storeId: storeA.id },
      { method: "PUT", path: `/stores/${storeA.id}/locations`, secret: storeA.secret, body: {} },
    );
    expectProblem(response, 405, "request/method-not-allowed");
    expect(response.headers.get("allow")).toBe("GET, POST");
  });
});

describe("POST /stores/{storeId}/locations", () => {
  it("creates an active location (name trimmed) that the list, get and pickers see", async () => {
    const { storeA } = setup();
    const created = await create(
      storeA.id,
      { location: { name: "  Reno returns hub " } },
      { secret: storeA.secret },
    );
    expect(created.status).toBe(201);
    expect(created.body.location).toMatchObject({ name: "Reno returns hub", archived: false });
    expect(created.body.location.id).toMatch(/^loc_/);
    const got = await callRoute<LocationResponse>(
      getOne,
      { storeId: storeA.id, locationId: created.body.location.id },
      { path: `/stores/${storeA.id}/locations/${created.body.location.id}`, secret: storeA.secret },
    );
    expect(got.body).toEqual(created.body);
    const names = (await list(storeA.id, { secret: storeA.secret })).body.locations.map((l) => l.name);
    expect(names).toContain("Reno returns hub");
  });

  it("creates a location with a return address and phone, and refuses a bad address naming the field", async () => {
    const { storeA } = setup();
    const auth = { secret: storeA.secret };
    const address = { line1: "1 Harbor Way", city: "Reno", state: "NV", postalCode: "89501", country: "US" };
    const created = await create(
      storeA.id,
      { location: { name: "Reno hub", return_address: address, phone: "+1 775 555 0100" } },
      auth,
    );
    expect(created.status).toBe(201);
    expect(created.body.location).toMatchObject({ return_address: address, phone: "+1 775 555 0100" });
    const plain = await create(storeA.id, { location: { name: "Spare dock" } }, auth);
    expect(plain.body.location).toMatchObject({ return_address: null, phone: null });
    expectInvalid(
      await create(
        storeA.id,
        { location: { name: "Bad address", return_address: { ...address, city: "" } } },
        auth,
      ),
      "location",
      ["location.return_address.city"],
    );
  });

  it("refuses a name the store already uses (409), and bad names naming the field (400)", async () => {
    const { storeA, storeB } = setup();
    await create(storeA.id, { location: { name: "Dock 7" } }, { secret: storeA.secret });
    expectProblem(
      await create(storeA.id, { location: { name: "Dock 7" } }, { secret: storeA.secret }),
      409,
      "location/name-taken",
    );
    // Another store may use the same name.
    expect(
      (await create(storeB.id, { location: { name: "Dock 7" } }, { secret: storeB.secret })).status,
    ).toBe(201);
    for (const name of ["", "   ", "x".repeat(101), "tab\there", "nul\u0000"]) {
      expectInvalid(await create(storeA.id, { location: { name } }, { secret: storeA.secret }), "location", [
        "location.name",
      ]);
    }
    expectInvalid(
      await create(storeA.id, { location: { name: "A", city: "Reno" } }, { secret: storeA.secret }),
      "location",
      ["location"],
    );
  });

  it("lets admins create and refuses editors and viewers (403)", async () => {
    const { database, storeA } = setup();
    for (const role of ["editor", "viewer"] as const) {
      const { cookie } = await staffSessionCookie(database.db, [{ storeId: storeA.id, role }]);
      expectProblem(
        await create(storeA.id, { location: { name: `By ${role}` } }, { cookie }),
        403,
        "auth/forbidden",
      );
    }
    const { cookie } = await staffSessionCookie(database.db, [{ storeId: storeA.id, role: "admin" }]);
    expect((await create(storeA.id, { location: { name: "By admin" } }, { cookie })).status).toBe(201);
  });
});

describe("PATCH /stores/{storeId}/locations/{locationId}", () => {
  it("renames, archives (hidden from the default list, kept with include_archived) and restores", async () => {
    const { database, storeA } = setup();
    const location = await insertLocation(database.db, storeA.id, { name: "Overflow" });
    const auth = { secret: storeA.secret };
    const renamed = await update(storeA.id, location.id, { location: { name: "Overflow B" } }, auth);
    expect(renamed.status).toBe(200);
    expect(renamed.body.location).toMatchObject({ name: "Overflow B", archived: false });

    const archived = await update(storeA.id, location.id, { location: { archived: true } }, auth);
    expect(archived.body.location).toMatchObject({ archived: true, archived_at: expect.any(String) });
    expect((await list(storeA.id, auth)).body.locations.map((l) => l.id)).not.toContain(location.id);
    const all = (await list(storeA.id, auth, "?include_archived=true")).body.locations;
    expect(all.at(-1)).toMatchObject({ id: location.id, archived: true });

    const restored = await update(storeA.id, location.id, { location: { archived: false } }, auth);
    expect(restored.body.location.archived).toBe(false);
    expect(restored.body.location).not.toHaveProperty("archived_at");
    expect((await list(storeA.id, auth)).body.locations.map((l) => l.id)).toContain(location.id);
  });

  it("refuses to archive the only active location, also when two archives race", async () => {
    const { database } = setup();
    const store = await insertStore(database.db, { name: "Two docks" });
    const first = await insertLocation(database.db, store.id, { name: "Dock 1" });
    const second = await insertLocation(database.db, store.id, { name: "Dock 2" });
    const { cookie } = await staffSessionCookie(database.db, [{ storeId: store.id, role: "admin" }]);
    const results = await Promise.all(
      [first, second].map((l) => update(store.id, l.id, { location: { archived: true } }, { cookie })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 409]);
    expectProblem(
      results.find((r) => r.status === 409) as (typeof results)[number],
      409,
      "location/last-active",
    );
    const active = (await list(store.id, { cookie })).body.locations;
    expect(active).toHaveLength(1);
  });

  it("refuses a name in use, an empty change, an unknown id (404) and another store's location (404)", async () => {
    const { database, storeA, storeB } = setup();
    const auth = { secret: storeA.secret };
    const one = await insertLocation(database.db, storeA.id, { name: "North" });
    await insertLocation(database.db, storeA.id, { name: "South" });
    expectProblem(
      await update(storeA.id, one.id, { location: { name: "South" } }, auth),
      409,
      "location/name-taken",
    );
    expectInvalid(await update(storeA.id, one.id, { location: {} }, auth), "location", ["location"]);
    expectInvalid(await update(storeA.id, one.id, { location: { archived: "yes" } }, auth), "location", [
      "location.archived",
    ]);
    expectProblem(
      await update(storeA.id, unknownId("loc"), { location: { name: "X" } }, auth),
      404,
      "location/not-found",
    );
    expectProblem(
      await update(storeB.id, one.id, { location: { name: "X" } }, { secret: storeB.secret }),
      404,
      "location/not-found",
    );
    // A no-op answers the location unchanged.
    const same = await update(storeA.id, one.id, { location: { name: "North", archived: false } }, auth);
    expect(same.body.location.updated_at).toBe(one.updatedAt.toISOString());
  });
});
