import { describe, expect, it } from "vitest";
import type { LocationResponse } from "@/lib/schemas/locations";
import { type Caller, callRoute } from "@/lib/testing/api";
import { expectInvalid, expectProblem } from "@/lib/testing/api-helpers";
import { setupApiTestDatabase } from "@/lib/testing/api-setup";
import { insertLocation } from "@/lib/testing/fixtures";
import { updateLocation as update } from "@/lib/testing/locations";
import { staffSessionCookie } from "@/lib/testing/session";
import { GET } from "./route";

// Renaming, archiving and restoring are in ../route.int.test.ts with the list; this file is the return
// address and phone, which created returns are sent to (docs/locations.md).

const setup = setupApiTestDatabase();

const RENO = {
  line1: "1 Harbor Way",
  line2: "Dock 4",
  city: "Reno",
  state: "NV",
  postalCode: "89501",
  country: "US",
};

function get(storeId: string, locationId: string, auth: Caller) {
  return callRoute<LocationResponse>(
    GET,
    { storeId, locationId },
    { path: `/stores/${storeId}/locations/${locationId}`, ...auth },
  );
}

describe("PATCH /stores/{storeId}/locations/{locationId}: return address and phone", () => {
  it("sets a return address and phone that GET then shows, and null clears them", async () => {
    const { database, storeA } = setup();
    const auth = { secret: storeA.secret };
    const location = await insertLocation(database.db, storeA.id, { name: "Reno returns hub" });
    expect((await get(storeA.id, location.id, auth)).body.location).toMatchObject({
      return_address: null,
      phone: null,
    });

    const set = await update(
      storeA.id,
      location.id,
      { location: { return_address: RENO, phone: " +1 775 555 0100 " } },
      auth,
    );
    expect(set.status).toBe(200);
    expect(set.body.location).toMatchObject({ return_address: RENO, phone: "+1 775 555 0100" });
    const got = await get(storeA.id, location.id, auth);
    expect(got.body).toEqual(set.body);
    // Saving the same address again is no change: updated_at stays (the stored jsonb orders its keys its own way).
    const again = await update(storeA.id, location.id, { location: { return_address: { ...RENO } } }, auth);
    expect(again.body.location.updated_at).toBe(set.body.location.updated_at);

    const cleared = await update(
      storeA.id,
      location.id,
      { location: { return_address: null, phone: null } },
      auth,
    );
    expect(cleared.status).toBe(200);
    expect(cleared.body.location).toMatchObject({
      return_address: null,
      phone: null,
      name: "Reno returns hub",
    });
    expect((await get(storeA.id, location.id, auth)).body.location).toMatchObject({
      return_address: null,
      phone: null,
    });
  });

  it("refuses a bad address naming its fields (400), and changes nothing", async () => {
    const { database, storeA } = setup();
    const auth = { secret: storeA.secret };
    const location = await insertLocation(database.db, storeA.id, { name: "North" });
    expectInvalid(
      await update(storeA.id, location.id, { location: { return_address: { ...RENO, city: "" } } }, auth),
      "location",
      ["location.return_address.city"],
    );
    const { line1: _line1, ...withoutLine1 } = RENO;
    expectInvalid(
      await update(storeA.id, location.id, { location: { return_address: withoutLine1 } }, auth),
      "location",
      ["location.return_address.line1"],
    );
    // A country name or an unassigned code is refused with the field named, not stored as typed.
    for (const country of ["Germany", "XX", "de", "EU"]) {
      const refused = await update(
        storeA.id,
        location.id,
        { location: { return_address: { ...RENO, country } } },
        auth,
      );
      expectInvalid(refused, "location", ["location.return_address.country"]);
      expect(refused.text).toContain("ISO 3166-1 alpha-2");
    }
    expectInvalid(
      await update(storeA.id, location.id, { location: { phone: "5".repeat(65) } }, auth),
      "location",
      ["location.phone"],
    );
    expect((await get(storeA.id, location.id, auth)).body.location.return_address).toBeNull();
  });

  it("lets an admin's session set it and refuses an editor's (403)", async () => {
    const { database, storeA } = setup();
    const location = await insertLocation(database.db, storeA.id, { name: "South" });
    const body = { location: { return_address: RENO } };
    const editor = await staffSessionCookie(database.db, [{ storeId: storeA.id, role: "editor" }]);
    expectProblem(
      await update(storeA.id, location.id, body, { cookie: editor.cookie }),
      403,
      "auth/forbidden",
    );
    const admin = await staffSessionCookie(database.db, [{ storeId: storeA.id, role: "admin" }]);
    const saved = await update(storeA.id, location.id, body, { cookie: admin.cookie });
    expect(saved.status).toBe(200);
    expect(saved.body.location.return_address).toEqual(RENO);
  });
});
