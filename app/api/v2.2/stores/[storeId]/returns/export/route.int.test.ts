import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { RETURN_EXPORT_COLUMNS, returnExportRows } from "@/lib/domain/returns/export";
import type { Return } from "@/lib/schemas/returns";
import { callRoute } from "@/lib/testing/api";
import { expectInvalid, setupDemoApiTestDatabase } from "@/lib/testing/api-helpers";
import { GET as list } from "../route";
import { GET } from "./route";

const setup = setupDemoApiTestDatabase({ returns: 60 });

type Row = Record<(typeof RETURN_EXPORT_COLUMNS)[number], string>;

async function exportCsv(storeId: string, secret: string, query = "") {
  const response = await callRoute<string>(
    GET,
    { storeId },
    { path: `/stores/${storeId}/returns/export${query}`, secret },
  );
  const rows = response.status === 200 ? (parse(response.text, { bom: true, columns: true }) as Row[]) : [];
  return { response, rows };
}

async function listed(storeId: string, secret: string, query = ""): Promise<Return[]> {
  const response = await callRoute<{ returns: Return[] }>(
    list,
    { storeId },
    { path: `/stores/${storeId}/returns${query}`, secret, headers: { "X-Page-Size": "500" } },
  );
  return response.body.returns;
}

describe("GET /stores/{storeId}/returns/export", () => {
  it("streams one row per item of every return, in the list's order, with the list's words", async () => {
    const { demoA } = setup();
    const { response, rows } = await exportCsv(demoA.id, demoA.secret);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-disposition")).toMatch(/^attachment; filename="returns-str_/);
    expect(response.text.split("\n")[0]).toBe(RETURN_EXPORT_COLUMNS.join(","));
    const all = await listed(demoA.id, demoA.secret);
    expect(rows.map((row) => [row.id, row.item_id])).toEqual(
      all.flatMap((r) => r.items.map((i) => [r.id, i.id])),
    );
    const first = all[0] as Return;
    const row = rows[0] as Row;
    expect(row).toMatchObject({ status: first.status, type: first.type, order_id: first.order.id });
    expect(row.quantity).toBe(String(first.items[0]?.quantity));
  });

  it("applies status and search like the list, and refuses what the list refuses", async () => {
    const { demoA } = setup();
    const { rows } = await exportCsv(demoA.id, demoA.secret, "?status=complete");
    const closed = await listed(demoA.id, demoA.secret, "?status=complete");
    expect(new Set(rows.map((row) => row.id))).toEqual(new Set(closed.map((r) => r.id)));
    expect(rows.every((row) => row.status === "complete")).toBe(true);
    expectInvalid((await exportCsv(demoA.id, demoA.secret, "?status=closed")).response, "return", ["status"]);
  });

  it("reads in batches by keyset: every item once, whatever the batch size", async () => {
    const { database, demoA } = setup();
    const read = async (batch: number) => {
      const out: string[] = [];
      for await (const rows of returnExportRows(database.db, { storeId: demoA.id }, batch)) {
        out.push(...rows.map((row) => `${row[0]}:${row[15]}`));
      }
      return out;
    };
    const small = await read(7);
    expect(small).toEqual(await read(10_000));
    expect(new Set(small).size).toBe(small.length);
  });
});
