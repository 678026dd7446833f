import { parse } from "csv-parse/sync";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { inboundShipments } from "@/lib/db/schema";
import { SHIPMENT_EXPORT_COLUMNS, shipmentExportRows } from "@/lib/domain/inbound-shipments/export";
import { callRoute } from "@/lib/testing/api";
import { expectInvalid, setupDemoApiTestDatabase } from "@/lib/testing/api-helpers";
import { GET as list } from "../route";
import { GET } from "./route";

const setup = setupDemoApiTestDatabase({ returns: 10 });

type Row = Record<(typeof SHIPMENT_EXPORT_COLUMNS)[number], string>;

async function exportCsv(storeId: string, secret: string, query = "") {
  const response = await callRoute<string>(
    GET,
    { storeId },
    { path: `/stores/${storeId}/inbound-shipments/export${query}`, secret },
  );
  const rows = response.status === 200 ? (parse(response.text, { bom: true, columns: true }) as Row[]) : [];
  return { response, rows };
}

describe("GET /stores/{storeId}/inbound-shipments/export", () => {
  it("streams every line of every shipment as CSV, in the list's order, as an attachment", async () => {
    const { demoA } = setup();
    const { response, rows } = await exportCsv(demoA.id, demoA.secret);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("content-disposition")).toMatch(
      /^attachment; filename="inbound-shipments-str_/,
    );
    // (Response#text drops the byte-order mark; lib/api/csv.test.ts checks the bytes.)
    expect(response.text.split("\n")[0]).toBe(SHIPMENT_EXPORT_COLUMNS.join(","));

    const listed = await callRoute<{ inbound_shipments: { id: string; items: { id: string }[] }[] }>(
      list,
      { storeId: demoA.id },
      {
        path: `/stores/${demoA.id}/inbound-shipments`,
        secret: demoA.secret,
        headers: { "X-Page-Size": "500" },
      },
    );
    const expected = listed.body.inbound_shipments.flatMap((s) =>
      s.items.length > 0 ? s.items.map((item) => [s.id, item.id]) : [[s.id, ""]],
    );
    expect(rows.map((row) => [row.id, row.line_id])).toEqual(expected);
  });

  it("applies the list's filters and refuses bad ones like the list", async () => {
    const { demoA } = setup();
    const { rows } = await exportCsv(demoA.id, demoA.secret, "?status=RECEIVED");
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((row) => row.status))).toEqual(new Set(["RECEIVED"]));
    const { response } = await exportCsv(demoA.id, demoA.secret, "?status=received");
    expectInvalid(response, "inbound-shipment", ["status"]);
  });

  it("quotes what needs quoting and defuses spreadsheet formulas", async () => {
    const { database, demoA } = setup();
    const [first] = await database.db
      .select({ id: inboundShipments.id })
      .from(inboundShipments)
      .where(eq(inboundShipments.storeId, demoA.id))
      .limit(1);
    const id = first?.id as string;
    await database.db
      .update(inboundShipments)
      .set({ carrier: '=HYPERLINK("http://evil.example","x")', shipmentId: 'PO, "rush"\nline 2' })
      .where(eq(inboundShipments.id, id));
    const { rows } = await exportCsv(demoA.id, demoA.secret);
    const row = rows.find((r) => r.id === id) as Row;
    expect(row.carrier).toBe(`'=HYPERLINK("http://evil.example","x")`);
    expect(row.shipment_id).toBe('PO, "rush"\nline 2');
  });

  it("reads in rounds by keyset and batches: every shipment once and in order, whatever the sizes", async () => {
    const { database, demoA } = setup();
    const all: string[] = [];
    for await (const batch of shipmentExportRows(
      database.db,
      { storeId: demoA.id },
      { perRound: 7, perQuery: 3 },
    )) {
      all.push(...(parse(batch) as string[][]).map((row) => row[0] as string));
    }
    const whole: string[] = [];
    for await (const batch of shipmentExportRows(
      database.db,
      { storeId: demoA.id },
      { perRound: 10_000, perQuery: 10_000 },
    )) {
      whole.push(...(parse(batch) as string[][]).map((row) => row[0] as string));
    }
    expect(all).toEqual(whole);
    expect(new Set(all).size).toBeGreaterThan(3);
  });
});
