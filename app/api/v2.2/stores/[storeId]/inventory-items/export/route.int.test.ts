import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import { INVENTORY_EXPORT_COLUMNS, inventoryExportRows } from "@/lib/domain/inventory-items/export";
import type { InventoryItem } from "@/lib/schemas/inventory-items";
import { callRoute } from "@/lib/testing/api";
import { expectInvalid, setupDemoApiTestDatabase } from "@/lib/testing/api-helpers";
import { GET as list } from "../route";
import { GET } from "./route";

const setup = setupDemoApiTestDatabase({ returns: 10 });

type Row = Record<(typeof INVENTORY_EXPORT_COLUMNS)[number], string>;

async function exportCsv(storeId: string, secret: string, query = "") {
  const response = await callRoute<string>(
    GET,
    { storeId },
    { path: `/stores/${storeId}/inventory-items/export${query}`, secret },
  );
  const rows = response.status === 200 ? (parse(response.text, { bom: true, columns: true }) as Row[]) : [];
  return { response, rows };
}

async function listed(storeId: string, secret: string, query = ""): Promise<InventoryItem[]> {
  const response = await callRoute<{ inventory_items: InventoryItem[] }>(
    list,
    { storeId },
    { path: `/stores/${storeId}/inventory-items${query}`, secret, headers: { "X-Page-Size": "500" } },
  );
  return response.body.inventory_items;
}

describe("GET /stores/{storeId}/inventory-items/export", () => {
  it("has one row per item and location, with the list's quantities, in the list's order", async () => {
    const { demoA } = setup();
    const { response, rows } = await exportCsv(demoA.id, demoA.secret);
    expect(response.status).toBe(200);
    expect(response.text.split("\n")[0]).toBe(INVENTORY_EXPORT_COLUMNS.join(","));
    const items = await listed(demoA.id, demoA.secret);
    const expected = items.flatMap((item) =>
      item.locations.length > 0
        ? item.locations.map((l) => [item.id, l.location_id, String(l.quantity), String(item.quantity)])
        : [[item.id, "", "0", "0"]],
    );
    // Within an item the order of its locations is by name in both.
    expect(rows.map((row) => [row.id, row.location_id, row.quantity, row.item_quantity])).toEqual(expected);
  });

  it("applies the list's filters and refuses what the list refuses", async () => {
    const { demoA } = setup();
    const { rows } = await exportCsv(demoA.id, demoA.secret, "?kind=RETURN");
    const returnsKind = await listed(demoA.id, demoA.secret, "?kind=RETURN");
    expect(new Set(rows.map((row) => row.id))).toEqual(new Set(returnsKind.map((item) => item.id)));
    expectInvalid((await exportCsv(demoA.id, demoA.secret, "?kind=LOT")).response, "inventory-item", [
      "kind",
    ]);
  });

  it("reads in batches by keyset: the same rows whatever the batch size", async () => {
    const { database, demoA } = setup();
    const read = async (batch: number) => {
      const out: string[] = [];
      for await (const rows of inventoryExportRows(database.db, { storeId: demoA.id }, batch)) {
        out.push(...rows.map((row) => `${row[0]}:${row[4]}`));
      }
      return out;
    };
    const small = await read(5);
    expect(small).toEqual(await read(10_000));
    expect(new Set(small).size).toBe(small.length);
  });
});
