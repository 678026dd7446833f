import { beforeAll, describe, expect, it } from "vitest";
import { inventoryItems, inventoryLevels } from "@/lib/db/schema";
import { INVENTORY_ITEM_KINDS } from "@/lib/enums";
import { newId } from "@/lib/ids";
import type { InventoryItem } from "@/lib/schemas/inventory-items";
import { callRoute, unservedMethod } from "@/lib/testing/api";
import { expectInvalid, expectProblem } from "@/lib/testing/api-helpers";
import { setupApiTestDatabase } from "@/lib/testing/api-setup";
import { seededRandom } from "@/lib/testing/shipment-fixtures";
import { GET } from "./route";

// The server answers methods a route does not export (405 with the path's Allow).
const POST = unservedMethod;

type Row = {
  id: string;
  sku: string | null;
  name: string | null;
  kind: string;
  updatedAt: Date;
  levels: Map<string, number>;
};

const setup = setupApiTestDatabase();
const TIMESTAMP_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const rows: Row[] = [];

beforeAll(async () => {
  const { database, storeA, storeB } = setup();
  const random = seededRandom(7);
  const base = Date.parse("2026-03-01T00:00:00.000Z");
  const items: (typeof inventoryItems.$inferInsert)[] = [];
  const levels: (typeof inventoryLevels.$inferInsert)[] = [];
  for (let i = 0; i < 57; i++) {
    const kind = INVENTORY_ITEM_KINDS[
      i % INVENTORY_ITEM_KINDS.length
    ] as (typeof INVENTORY_ITEM_KINDS)[number];
    // Few distinct update times, so many rows tie and the id must order them.
    const updatedAt = new Date(base + Math.floor(random() * 6) * 60_000);
    const row: Row = {
      id: newId("inventoryItem"),
      sku: i % 10 === 9 ? null : `SKU-${String(i).padStart(3, "0")}${i === 5 ? "%_x" : ""}`,
      name: i % 8 === 7 ? null : `${i % 3 === 0 ? "Alpine" : "Harbor"} Jacket ${i}`,
      kind,
      updatedAt,
      levels: new Map(),
    };
    for (const locationId of storeA.locationIds) {
      if (random() < 0.6) row.levels.set(locationId, Math.floor(random() * 20));
    }
    rows.push(row);
    items.push({
      id: row.id,
      storeId: storeA.id,
      sku: row.sku,
      name: row.name,
      kind,
      createdAt: updatedAt,
      updatedAt,
    });
    for (const [locationId, quantity] of row.levels) {
      levels.push({ inventoryItemId: row.id, storeId: storeA.id, locationId, quantity });
    }
  }
  const other = newId("inventoryItem");
  items.push({ id: other, storeId: storeB.id, sku: "SKU-000", name: "Alpine Jacket B", kind: "PRODUCT" });
  levels.push({
    inventoryItemId: other,
    storeId: storeB.id,
    locationId: storeB.locationIds[0] as string,
    quantity: 1,
  });
  await database.db.insert(inventoryItems).values(items);
  await database.db.insert(inventoryLevels).values(levels);
});

function list(query = "", headers: Record<string, string> = {}, secret?: string) {
  const { storeA } = setup();
  return callRoute<{ inventory_items: InventoryItem[] }>(
    GET,
    { storeId: storeA.id },
    { path: `/stores/${storeA.id}/inventory-items${query}`, secret: secret ?? storeA.secret, headers },
  );
}

async function walk(query: string, pageSize: number): Promise<InventoryItem[]> {
  const seen: InventoryItem[] = [];
  let marker: string | null = null;
  for (let pages = 0; pages < 500; pages++) {
    const headers: Record<string, string> = { "X-Page-Size": String(pageSize) };
    if (marker) headers["X-Page-Continue"] = marker;
    const page = await list(query, headers);
    expect(page.status).toBe(200);
    seen.push(...page.body.inventory_items);
    marker = page.headers.get("x-page-next");
    if (!marker) return seen;
    expect(page.body.inventory_items).toHaveLength(pageSize);
  }
  throw new Error("paging did not end");
}

/** On hand above zero (at `locationId` when given): what the published list selects by default. */
const inStock = (row: Row, locationId?: string) =>
  locationId === undefined
    ? [...row.levels.values()].some((quantity) => quantity > 0)
    : (row.levels.get(locationId) ?? 0) > 0;

function expectedIds(keep: (row: Row) => boolean): string[] {
  return rows
    .filter(keep)
    .sort((a, b) => b.updatedAt.getTime() - a.updatedAt.getTime() || (a.id < b.id ? 1 : -1))
    .map((row) => row.id);
}

describe("GET /stores/{storeId}/inventory-items", () => {
  it("lists the store's in-stock items, 20 by default, newest update first, in the published shape", async () => {
    const first = await list();
    expect(first.status).toBe(200);
    expect(first.body.inventory_items.map((i) => i.id)).toEqual(expectedIds((r) => inStock(r)).slice(0, 20));
    expect(first.headers.get("x-page-next")).toBeTruthy();
    for (const item of await walk("", 100)) {
      const row = rows.find((r) => r.id === item.id);
      expect(row, item.id).toBeDefined();
      expect(item).toMatchObject({ sku: row?.sku, name: row?.name, kind: row?.kind });
      expect(item.created_at).toMatch(TIMESTAMP_MS);
      expect(item.updated_at).toBe(row?.updatedAt.toISOString());
      expect(item.quantity).toBe([...(row?.levels.values() ?? [])].reduce((a, b) => a + b, 0));
      expect(item.quantity).toBe(item.locations.reduce((sum, l) => sum + l.quantity, 0));
      expect(new Set(item.locations.map((l) => l.location_id))).toEqual(new Set(row?.levels.keys()));
    }
  });

  it.each([1, 4, 13, 57, 500])(
    "walks every page with X-Page-Size %i without gaps or repeats",
    async (size) => {
      expect((await walk("?stock=any", size)).map((i) => i.id)).toEqual(expectedIds(() => true));
    },
  );

  it("filters by sku, kind, location_id and q, alone and together, across pages", async () => {
    const { storeA } = setup();
    const location = storeA.locationIds[1] as string;
    const cases: [string, (row: Row) => boolean][] = [
      ["?sku=SKU-012&stock=any", (r) => r.sku === "SKU-012"],
      ["?sku=sku-012&stock=any", () => false],
      ["?kind=RETURN", (r) => r.kind === "RETURN" && inStock(r)],
      [`?location_id=${location}`, (r) => inStock(r, location)],
      [`?location_id=${location}&stock=any`, (r) => r.levels.has(location)],
      [`?location_id=${location}&stock=out_of_stock`, (r) => r.levels.get(location) === 0],
      ["?stock=out_of_stock", (r) => !inStock(r)],
      ["?q=alpine", (r) => (r.name ?? "").toLowerCase().includes("alpine") && inStock(r)],
      ["?q=sku-04&stock=any", (r) => (r.sku ?? "").toLowerCase().includes("sku-04")],
      ["?q=%25_&stock=any", (r) => (r.sku ?? "").includes("%_")],
      [
        `?kind=PRODUCT&q=harbor&location_id=${location}`,
        (r) => r.kind === "PRODUCT" && (r.name ?? "").includes("Harbor") && inStock(r, location),
      ],
    ];
    for (const [query, keep] of cases) {
      const ids = (await walk(query, 3)).map((i) => i.id);
      expect(ids, query).toEqual(expectedIds(keep));
    }
    expect(expectedIds((r) => r.kind === "RETURN").length).toBeGreaterThan(3);
    // The data has items in stock, with levels of 0 and with none, so each stock filter selects differently.
    expect(expectedIds((r) => r.levels.get(location) === 0).length).toBeGreaterThan(0);
    expect(expectedIds((r) => r.levels.size === 0).length).toBeGreaterThan(0);
  });

  it("with location_id, answers each item's quantity at that location and lists only it, as the real service does", async () => {
    const { storeA } = setup();
    const location = storeA.locationIds[1] as string;
    const items = await walk(`?location_id=${location}`, 50);
    expect(items.length).toBeGreaterThan(0);
    for (const item of items) {
      const row = rows.find((r) => r.id === item.id);
      expect(item.quantity, item.id).toBe(row?.levels.get(location));
      expect(item.locations.map((l) => l.location_id)).toEqual([location]);
    }
    // Somewhere else, at least one of them has more: the answer is not the total.
    expect(items.some((item) => (rows.find((r) => r.id === item.id)?.levels.size ?? 0) > 1)).toBe(true);
  });

  it("never lists another store's items", async () => {
    const ids = new Set((await walk("?q=Alpine Jacket B", 50)).map((i) => i.id));
    expect(ids.size).toBe(0);
    expect((await walk("?sku=SKU-000&stock=any", 50)).map((i) => i.id)).toEqual(
      expectedIds((r) => r.sku === "SKU-000"),
    );
  });

  it.each([
    ["?kind=product", "kind"],
    ["?kind=SERVICE", "kind"],
    ["?location_id=wh_1", "location_id"],
    ["?q=", "q"],
    ["?sku=", "sku"],
    [`?q=${"q".repeat(201)}`, "q"],
    ["?kind=PRODUCT&kind=RETURN", "kind"],
    ["?limit=5", ""],
    ["?stock=all", "stock"],
  ])("refuses the bad query %s with 400 naming the field", async (query, field) => {
    expectInvalid(await list(query), "inventory-item", [field]);
  });

  it("refuses bad page sizes and altered or replayed page markers", async () => {
    for (const size of ["0", "501", "x"]) {
      expectInvalid(await list("", { "X-Page-Size": size }), "inventory-item", ["x-page-size"]);
    }
    const marker = (await list("?kind=PRODUCT", { "X-Page-Size": "2" })).headers.get("x-page-next") ?? "";
    expect(marker).not.toBe("");
    const tampered = `${marker.slice(0, 3)}${marker[3] === "A" ? "B" : "A"}${marker.slice(4)}`;
    expectProblem(
      await list("?kind=PRODUCT", { "X-Page-Continue": tampered }),
      400,
      "inventory-item/invalid-request",
    );
    expectProblem(
      await list("?kind=RETURN", { "X-Page-Continue": marker }),
      400,
      "inventory-item/invalid-request",
    );
    expect((await list("?kind=PRODUCT", { "X-Page-Continue": marker })).status).toBe(200);
  });

  it("answers POST with 405", async () => {
    const { storeA } = setup();
    const response = await callRoute(
      POST,
      { storeId: storeA.id },
      { method: "POST", path: `/stores/${storeA.id}/inventory-items`, secret: storeA.secret, body: {} },
    );
    expectProblem(response, 405, "request/method-not-allowed");
    expect(response.headers.get("allow")).toBe("GET");
  });
});
