import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bins } from "@/lib/db/schema";
import type { ImportCheck } from "@/lib/schemas/imports";
import { callRoute } from "@/lib/testing/api";
import { setupApiTestDatabase } from "@/lib/testing/api-setup";
import { POST as check } from "./check/route";
import { POST as importFile } from "./route";

const setup = setupApiTestDatabase();

function upload(handler: typeof check, storeId: string, csv: string, query = "") {
  return callRoute<{ import: ImportCheck } | string>(
    handler,
    { storeId },
    {
      method: "POST",
      path: `/stores/${storeId}/bins/import${handler === check ? "/check" : ""}${query}`,
      secret: setup().storeA.secret,
      headers: { "content-type": "text/csv" },
      body: csv,
    },
  );
}

async function binsAt(locationId: string) {
  return setup()
    .database.db.select({ code: bins.code, zone: bins.zone, capacity: bins.capacity })
    .from(bins)
    .where(and(eq(bins.locationId, locationId)))
    .orderBy(asc(bins.code));
}

describe("bins CSV import", () => {
  it("lists every problem by line, creates and updates bins, and a re-import changes nothing", async () => {
    const { storeA } = setup();
    const [first, second] = storeA.locationIds as [string, string];
    const bad = "code,zone,capacity,location\nIM-01,A,0,\nIM-01,A,5,\n,A,,\nIM-02,,7,Nowhere\nIM-01,B,,\n";
    const report = await upload(check, storeA.id, bad, `?location_id=${first}`);
    expect(report.status, report.text).toBe(200);
    const checked = (report.body as { import: ImportCheck }).import;
    const at = (errors: { line: number; column: string }[]) => [
      ...new Set(errors.map((e) => `${e.line}.${e.column}`)),
    ];
    expect(at(checked.errors)).toEqual(["2.capacity", "4.code", "5.location", "6.code"]);
    expect(checked.errors.find((e) => e.line === 6)?.message).toMatch(/on line 3 already/);
    const refused = await upload(importFile, storeA.id, bad, `?location_id=${first}`);
    expect(refused.status).toBe(400);
    expect(at(checked.errors).every((path) => refused.text.includes(`lines.${path}`))).toBe(true);
    expect(await binsAt(first)).toEqual([]);

    const csv = `code,zone,capacity,location\nIM-01,Aisle A,50,\nim-02,,,\nIM-01,Cold,,${second}\n`;
    const answer = await upload(importFile, storeA.id, csv, `?location_id=${first}`);
    expect(answer.status, answer.text).toBe(200);
    const events = (answer.body as string)
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(events.at(-1)).toEqual({
      type: "done",
      summary: { created: 3, updated: 0, unchanged: 0, lines: 3 },
    });
    expect(await binsAt(first)).toEqual([
      { code: "IM-01", zone: "Aisle A", capacity: 50 },
      { code: "im-02", zone: null, capacity: null },
    ]);
    // A code the location has (any case) updates the bin; the same file again changes nothing.
    const again = await upload(
      check,
      storeA.id,
      `code,zone\nIM-02,Aisle B\nIM-01,Aisle A\n`,
      `?location_id=${first}`,
    );
    expect((again.body as { import: ImportCheck }).import).toMatchObject({
      create: 0,
      update: 2,
      unchanged: 0,
    });
    const same = await upload(check, storeA.id, csv, `?location_id=${first}`);
    expect((same.body as { import: ImportCheck }).import).toMatchObject({
      create: 0,
      update: 0,
      unchanged: 3,
    });
    // Without the request's location, each row names its own.
    const noLocation = await upload(check, storeA.id, "code\nIM-09\n");
    expect((noLocation.body as { import: ImportCheck }).import.errors).toEqual([
      { line: 1, column: "location", message: 'The file has no "location" column.' },
    ]);
  });
});
