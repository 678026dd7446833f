import { describe, expect, it } from "vitest";
import type { Bin } from "@/lib/schemas/bins";
import { type Caller, callRoute } from "@/lib/testing/api";
import { expectInvalid, expectProblem, SAME_ORIGIN } from "@/lib/testing/api-helpers";
import { setupApiTestDatabase } from "@/lib/testing/api-setup";
import { createBin as create, patchBin as patch } from "@/lib/testing/bins";
import { staffSessionCookie } from "@/lib/testing/session";
import { POST as PRINT } from "../../../bins/[binId]/labels/route";
import { GET } from "./route";

const setup = setupApiTestDatabase();

function list(storeId: string, locationId: string, auth: Caller, query = "") {
  return callRoute<{ bins: Bin[] }>(
    GET,
    { storeId, locationId },
    { path: `/stores/${storeId}/locations/${locationId}/bins${query}`, ...auth },
  );
}

describe("bins of a location", () => {
  it("creates, lists, changes and archives bins; viewers read, editors write", async () => {
    const { database, storeA } = setup();
    const locationId = storeA.locationIds[1] as string;
    const editor = { ...(await staffSessionCookie(database.db, [{ storeId: storeA.id, role: "editor" }])) };
    const viewer = { ...(await staffSessionCookie(database.db, [{ storeId: storeA.id, role: "viewer" }])) };
    const origin = SAME_ORIGIN;
    const made = await create(
      storeA.id,
      locationId,
      { code: " B-02 ", zone: "Aisle B", capacity: 40 },
      {
        cookie: editor.cookie,
        headers: origin,
      },
    );
    expect(made.status, made.text).toBe(201);
    expect(made.body.bin).toMatchObject({
      code: "B-02",
      zone: "Aisle B",
      capacity: 40,
      archived: false,
      quantity: 0,
    });
    expect((await create(storeA.id, locationId, { code: "A-01" }, { secret: storeA.secret })).status).toBe(
      201,
    );
    expectProblem(
      await create(storeA.id, locationId, { code: "C-1" }, { cookie: viewer.cookie, headers: origin }),
      403,
      "auth/forbidden",
    );
    const listed = await list(storeA.id, locationId, { cookie: viewer.cookie });
    expect(listed.body.bins.map((bin) => bin.code)).toEqual(["A-01", "B-02"]);

    const archived = await patch(
      storeA.id,
      made.body.bin.id,
      { archived: true, zone: "" },
      { secret: storeA.secret },
    );
    expect(archived.body.bin).toMatchObject({ archived: true, zone: null });
    expect(
      (await list(storeA.id, locationId, { secret: storeA.secret })).body.bins.map((b) => b.code),
    ).toEqual(["A-01"]);
    const all = await list(storeA.id, locationId, { secret: storeA.secret }, "?include_archived=true");
    expect(all.body.bins.map((b) => b.code)).toEqual(["A-01", "B-02"]);
  });

  it("prints a bin's label with its code as the barcode", async () => {
    const { storeA } = setup();
    const auth = { secret: storeA.secret };
    const bin = (
      await create(storeA.id, storeA.locationIds[0] as string, { code: "LBL-7", zone: "Cold" }, auth)
    ).body.bin;
    const printed = await callRoute(
      PRINT,
      { storeId: storeA.id, binId: bin.id },
      {
        method: "POST",
        path: `/stores/${storeA.id}/bins/${bin.id}/labels`,
        body: { format: "zpl", size: "2x1" },
        ...auth,
      },
    );
    expect(printed.status, printed.text).toBe(200);
    expect(printed.text).toContain("LBL-7");
    expect(printed.text).toContain("Zone Cold");
  });

  it("makes one bin of two concurrent creates of one code (any case): the other is a 409", async () => {
    const { storeA } = setup();
    const locationId = storeA.locationIds[0] as string;
    const answers = await Promise.all([
      create(storeA.id, locationId, { code: "RACE-1" }, { secret: storeA.secret }),
      create(storeA.id, locationId, { code: "race-1" }, { secret: storeA.secret }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expectProblem(answers.find((a) => a.status === 409) as (typeof answers)[0], 409, "bin/code-taken");
    // The same code at another location is another bin.
    expect(
      (
        await create(
          storeA.id,
          storeA.locationIds[1] as string,
          { code: "RACE-1" },
          { secret: storeA.secret },
        )
      ).status,
    ).toBe(201);
  });

  it("refuses an empty or non-ASCII code and an unknown field", async () => {
    const { storeA } = setup();
    const locationId = storeA.locationIds[0] as string;
    expectInvalid(await create(storeA.id, locationId, { code: "  " }, { secret: storeA.secret }), "bin", [
      "bin.code",
    ]);
    expectInvalid(await create(storeA.id, locationId, { code: "Fach-Ä" }, { secret: storeA.secret }), "bin", [
      "bin.code",
    ]);
    expectInvalid(
      await create(storeA.id, locationId, { code: "X", shelf: 2 }, { secret: storeA.secret }),
      "bin",
      ["bin"],
    );
  });
});
