import { sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { inventoryItems, inventoryLevels } from "../../db/schema";
import { INVENTORY_ITEM_KINDS } from "../../enums";
import { newId } from "../../ids";
import {
  type InventoryItem,
  inventoryItemListResponseSchema,
  inventoryItemResponseSchema,
  inventoryItemSchema,
  listInventoryItemsQuerySchema,
} from "../../schemas/inventory-items";
import { setupDemoTestDatabase } from "../../testing/demo-database";
import { insertLocation, insertStore } from "../../testing/fixtures";
import { moveStockState } from "../dispositions/stock-states";
import { NotFoundError } from "../errors";
import { getInventoryItem, type ListInventoryItemsParams, listInventoryItems } from "./index";

const demo = setupDemoTestDatabase();

beforeAll(() => {
  expect(demo.storeIds).toHaveLength(2);
});

/** Every page of a listing, walked through `next`. */
async function walk(
  params: Omit<ListInventoryItemsParams, "after">,
): Promise<{ items: InventoryItem[]; pages: number }> {
  const items: InventoryItem[] = [];
  let after: ListInventoryItemsParams["after"];
  let pages = 0;
  for (;;) {
    const page = await listInventoryItems(demo.db, { ...params, after });
    pages++;
    expect(page.items.length).toBeLessThanOrEqual(params.limit);
    items.push(...page.items);
    if (!page.next) break;
    expect(page.items).toHaveLength(params.limit);
    after = page.next;
    expect(pages).toBeLessThan(10_000);
  }
  return { items, pages };
}

/** Ids the listing must return, in order, computed independently in SQL. */
async function expectedIds(where: ReturnType<typeof sql>): Promise<string[]> {
  const { rows } = await demo.db.execute<{ id: string }>(sql`
    select i.id from inventory_items i where ${where} order by i.updated_at desc, i.id desc`);
  return rows.map((r) => r.id);
}

describe("getInventoryItem", () => {
  it("returns every demo item in the published shape with quantity = sum of its levels", async () => {
    const { db } = demo.database;
    const { rows } = await db.execute<{ id: string; store_id: string; total: number; levels: number }>(sql`
      select i.id, i.store_id, coalesce(sum(l.quantity), 0)::int as total, count(l.location_id)::int as levels
      from inventory_items i left join inventory_levels l on l.inventory_item_id = i.id
      group by i.id order by i.id limit 60`);
    expect(rows.length).toBeGreaterThan(0);
    for (const row of rows) {
      const item = await getInventoryItem(db, { storeId: row.store_id, inventoryItemId: row.id });
      expect(inventoryItemResponseSchema.parse({ inventory_item: item })).toEqual({ inventory_item: item });
      expect(item.id).toBe(row.id);
      expect(item.quantity).toBe(row.total);
      expect(item.locations).toHaveLength(row.levels);
      expect(item.quantity).toBe(item.locations.reduce((sum, l) => sum + l.quantity, 0));
      expect(item.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      expect(item.updated_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
      for (const location of item.locations) expect(location.location_id).toMatch(/^loc_/);
      // Every field is present, even when null.
      expect(Object.keys(item).sort()).toEqual(
        [
          "created_at",
          "expiration_date",
          "held",
          "id",
          "kind",
          "locations",
          "lot_number",
          "name",
          "quantity",
          "sku",
          "updated_at",
        ].sort(),
      );
    }
  });

  it("answers NotFound for another store's item and for unknown or malformed ids", async () => {
    const { db } = demo.database;
    const [storeA, storeB] = demo.storeIds as [string, string];
    const { items } = await listInventoryItems(db, { storeId: storeA, limit: 1 });
    const item = items[0];
    if (!item) throw new Error("demo store has no inventory");
    for (const [storeId, inventoryItemId] of [
      [storeB, item.id],
      [newId("store"), item.id],
      [storeA, newId("inventoryItem")],
      [storeA, "ii_short"],
      [storeA, newId("return")],
      [storeA, ""],
      [storeA, `${item.id}'--`],
    ] as const) {
      const error = await getInventoryItem(db, { storeId, inventoryItemId }).catch((e: unknown) => e);
      expect(error, `${storeId}/${inventoryItemId}`).toBeInstanceOf(NotFoundError);
      expect(error).toMatchObject({ status: 404, code: "inventory-item/not-found" });
    }
    expect(await getInventoryItem(db, { storeId: storeA, inventoryItemId: item.id })).toEqual(item);
  });

  it("returns an item without levels with quantity 0 and no locations, sku and name null", async () => {
    const { db } = demo.database;
    const store = await insertStore(db);
    const id = newId("inventoryItem");
    await db.insert(inventoryItems).values({ id, storeId: store.id, kind: "UNKNOWN", sku: null, name: null });
    const item = await getInventoryItem(db, { storeId: store.id, inventoryItemId: id });
    expect(inventoryItemSchema.parse(item)).toEqual(item);
    expect(item).toMatchObject({ id, sku: null, name: null, kind: "UNKNOWN", quantity: 0, locations: [] });
  });
});

describe("listInventoryItems", () => {
  it("walks every page of each demo store with no duplicates or gaps, in (updated_at, id) desc order", async () => {
    for (const storeId of demo.storeIds) {
      const expected = await expectedIds(sql`i.store_id = ${storeId}`);
      expect(expected.length).toBeGreaterThan(50);
      const { items, pages } = await walk({ storeId, limit: 37 });
      expect(items.map((i) => i.id)).toEqual(expected);
      expect(pages).toBe(Math.ceil(expected.length / 37) + (expected.length % 37 === 0 ? 1 : 0));
      expect(inventoryItemListResponseSchema.parse({ inventory_items: items }).inventory_items).toHaveLength(
        expected.length,
      );
      // Same content as reading one by one.
      const sample = items[Math.floor(items.length / 2)];
      if (!sample) throw new Error("empty");
      expect(await getInventoryItem(demo.db, { storeId, inventoryItemId: sample.id })).toEqual(sample);
    }
  });

  it("pages through items that share updated_at by id, and marks the last page", async () => {
    const { db } = demo.database;
    const store = await insertStore(db);
    const location = await insertLocation(db, store.id);
    const at = new Date("2026-01-02T03:04:05.123Z");
    const ids = Array.from({ length: 7 }, () => newId("inventoryItem"));
    await db.insert(inventoryItems).values(
      ids.map((id, i) => ({
        id,
        storeId: store.id,
        kind: "PRODUCT" as const,
        sku: `TIE-${i}`,
        name: `Tie ${i}`,
        createdAt: at,
        updatedAt: i < 5 ? at : new Date(at.getTime() - 1),
      })),
    );
    await db.insert(inventoryLevels).values(
      ids.map((id, i) => ({
        inventoryItemId: id,
        storeId: store.id,
        locationId: location.id,
        quantity: i,
      })),
    );

    for (const limit of [1, 2, 3, 5, 7, 8]) {
      const { items } = await walk({ storeId: store.id, limit });
      expect(items.map((i) => i.id)).toEqual(await expectedIds(sql`i.store_id = ${store.id}`));
    }
    const exact = await listInventoryItems(db, { storeId: store.id, limit: 7 });
    expect(exact.items).toHaveLength(7);
    expect(exact.next).toBeUndefined();
    const first = await listInventoryItems(db, { storeId: store.id, limit: 6 });
    expect(first.next).toEqual({
      updatedAt: new Date(first.items[5]?.updated_at ?? ""),
      id: first.items[5]?.id,
    });
    expect(first.items[0]?.updated_at).toBe("2026-01-02T03:04:05.123Z");
    expect(first.items[0]?.locations).toEqual([
      { location_id: location.id, location_name: location.name, bin: null, quantity: expect.any(Number) },
    ]);
    await expect(listInventoryItems(db, { storeId: store.id, limit: 0 })).rejects.toBeInstanceOf(RangeError);
  });

  it("returns nothing for a store without items", async () => {
    const store = await insertStore(demo.db);
    expect(await listInventoryItems(demo.db, { storeId: store.id, limit: 20 })).toEqual({ items: [] });
  });

  it("filters by kind", async () => {
    const [storeId] = demo.storeIds as [string];
    for (const kind of INVENTORY_ITEM_KINDS) {
      const expected = await expectedIds(sql`i.store_id = ${storeId} and i.kind = ${kind}`);
      expect(expected.length, kind).toBeGreaterThan(0);
      const { items } = await walk({ storeId, kind, limit: 50 });
      expect(items.map((i) => i.id)).toEqual(expected);
      for (const item of items) expect(item.kind).toBe(kind);
    }
  });

  it("filters by exact sku", async () => {
    const [storeId] = demo.storeIds as [string];
    // A SKU held by more than one item (a product and its undeclared twin) when the demo has one.
    const { rows } = await demo.db.execute<{ sku: string }>(sql`
      select sku from inventory_items where store_id = ${storeId} and sku is not null
      group by sku order by count(*) desc, sku limit 1`);
    const sku = rows[0]?.sku;
    if (!sku) throw new Error("no sku in the demo");
    const expected = await expectedIds(sql`i.store_id = ${storeId} and i.sku = ${sku}`);
    const { items } = await walk({ storeId, sku, limit: 1 });
    expect(items.map((i) => i.id)).toEqual(expected);
    for (const item of items) expect(item.sku).toBe(sku);
    // Exact: neither a prefix nor another case matches.
    expect((await listInventoryItems(demo.db, { storeId, sku: sku.slice(0, -1), limit: 5 })).items).toEqual(
      [],
    );
    expect((await listInventoryItems(demo.db, { storeId, sku: sku.toLowerCase(), limit: 5 })).items).toEqual(
      sku.toLowerCase() === sku ? items.slice(0, 5) : [],
    );
  });

  it("filters by location: items with a level there", async () => {
    const [storeId] = demo.storeIds as [string];
    const { rows } = await demo.db.execute<{ id: string }>(sql`
      select id from locations where store_id = ${storeId} order by id`);
    expect(rows.length).toBeGreaterThan(1);
    for (const { id: locationId } of rows) {
      const expected = await expectedIds(
        sql`i.store_id = ${storeId} and exists (select 1 from inventory_levels l
          where l.inventory_item_id = i.id and l.location_id = ${locationId})`,
      );
      const { items } = await walk({ storeId, locationId, limit: 40 });
      expect(items.map((i) => i.id)).toEqual(expected);
      // The item still shows all its locations, not only the filtered one.
      for (const item of items) expect(item.locations.map((l) => l.location_id)).toContain(locationId);
    }
    // Another store's location matches nothing.
    const [, otherStore] = demo.storeIds as [string, string];
    expect(
      (await listInventoryItems(demo.db, { storeId: otherStore, locationId: rows[0]?.id, limit: 5 })).items,
    ).toEqual([]);
  });

  it("searches sku or name case-insensitively with q, wildcards literal", async () => {
    const [storeId] = demo.storeIds as [string];
    const { rows } = await demo.db.execute<{ sku: string; name: string }>(sql`
      select sku, name from inventory_items where store_id = ${storeId} and kind = 'PRODUCT' order by id limit 1`);
    const sample = rows[0];
    if (!sample) throw new Error("no product");
    const nameWord = sample.name.split(" ")[0] ?? sample.name;
    for (const q of [sample.sku.slice(1, -1).toLowerCase(), nameWord.toUpperCase(), "returned:"]) {
      const pattern = `%${q.toLowerCase()}%`;
      const expected = await expectedIds(
        sql`i.store_id = ${storeId} and (lower(i.sku) like ${pattern} or lower(i.name) like ${pattern})`,
      );
      expect(expected.length, q).toBeGreaterThan(0);
      const { items } = await walk({ storeId, q, limit: 25 });
      expect(
        items.map((i) => i.id),
        q,
      ).toEqual(expected);
    }
    expect((await listInventoryItems(demo.db, { storeId, q: "%", limit: 5 })).items).toEqual([]);
    expect((await listInventoryItems(demo.db, { storeId, q: "_", limit: 5 })).items).toEqual([]);
    expect((await listInventoryItems(demo.db, { storeId, q: "\\", limit: 5 })).items).toEqual([]);

    const store = await insertStore(demo.db);
    const id = newId("inventoryItem");
    await demo.db
      .insert(inventoryItems)
      .values({ id, storeId: store.id, kind: "UNKNOWN", sku: "A%B_C\\D", name: "Café Crème" });
    for (const q of ["%b_", "a%B_c\\d", "CAFÉ", "crème"]) {
      expect(
        (await listInventoryItems(demo.db, { storeId: store.id, q, limit: 5 })).items.map((i) => i.id),
        q,
      ).toEqual([id]);
    }
  });

  it("combines filters", async () => {
    const [storeId] = demo.storeIds as [string];
    const { rows } = await demo.db.execute<{ location_id: string }>(sql`
      select l.location_id from inventory_levels l join inventory_items i on i.id = l.inventory_item_id
      where i.store_id = ${storeId} and i.kind = 'RETURN' order by l.location_id limit 1`);
    const locationId = rows[0]?.location_id;
    if (!locationId) throw new Error("no return stock");
    const expected = await expectedIds(
      sql`i.store_id = ${storeId} and i.kind = 'RETURN' and i.name ilike '%returned%' and exists (
        select 1 from inventory_levels l where l.inventory_item_id = i.id and l.location_id = ${locationId})`,
    );
    expect(expected.length).toBeGreaterThan(0);
    const { items } = await walk({ storeId, kind: "RETURN", locationId, q: "RETURNED", limit: 3 });
    expect(items.map((i) => i.id)).toEqual(expected);
  });
});

describe("list query schema", () => {
  it("accepts the filters and refuses bad values and unknown parameters", () => {
    // In stock unless told: the published list's items.
    expect(listInventoryItemsQuerySchema.parse({})).toEqual({ stock: "in_stock" });
    expect(
      listInventoryItemsQuerySchema.parse({
        sku: "TT-1",
        kind: "RETURN",
        location_id: "loc_abc",
        q: "tee",
        stock: "any",
      }),
    ).toEqual({ sku: "TT-1", kind: "RETURN", location_id: "loc_abc", q: "tee", stock: "any" });
    for (const query of [
      { kind: "product" },
      { location_id: "str_abc" },
      { location_id: "abc" },
      { q: "x".repeat(201) },
      { q: "" },
      { sku: "" },
      { skus: "TT-1" },
    ]) {
      expect(listInventoryItemsQuerySchema.safeParse(query).success, JSON.stringify(query)).toBe(false);
    }
    expect(listInventoryItemsQuerySchema.safeParse({ q: "x".repeat(200) }).success).toBe(true);
  });
});

describe("units held out of sellable stock", () => {
  it("shows each state's units in `held`, at the filtered location only, and never in `quantity`", async () => {
    const [level] = (
      await demo.db.execute<{ item: string; location: string; quantity: number }>(sql`
        select l.inventory_item_id as item, l.location_id as location, l.quantity from inventory_levels l
        join inventory_items i on i.id = l.inventory_item_id
        where i.store_id = ${demo.storeId} and l.quantity >= 3
          and not exists (select 1 from bin_stock b where b.inventory_item_id = l.inventory_item_id)
          and not exists (select 1 from stock_state_quantities q where q.inventory_item_id = l.inventory_item_id)
          and exists (select 1 from inventory_levels o where o.inventory_item_id = l.inventory_item_id
            and o.location_id <> l.location_id)
        order by l.id limit 1`)
    ).rows;
    if (!level) return expect.fail("no demo item with 3 unbinned units and another location");
    const before = await getInventoryItem(demo.db, { storeId: demo.storeId, inventoryItemId: level.item });
    expect(before.held).toEqual([]);
    for (const [state, quantity] of [
      ["quarantine", 1],
      ["open_box", 2],
    ] as const) {
      await moveStockState(demo.db, {
        storeId: demo.storeId,
        inventoryItemId: level.item,
        move: {
          location_id: level.location,
          from_state: "sellable",
          from_bin_id: null,
          to_state: state,
          to_bin_id: null,
          quantity,
        },
        actor: { name: "test" },
      });
    }

    const after = await getInventoryItem(demo.db, { storeId: demo.storeId, inventoryItemId: level.item });
    // In the state list's order, whatever order they were put in; the level lost the 3 units.
    expect(after.held).toEqual([
      { state: "open_box", quantity: 2 },
      { state: "quarantine", quantity: 1 },
    ]);
    expect(after.quantity).toBe(before.quantity - 3);
    const other = before.locations.find((l) => l.location_id !== level.location)?.location_id as string;
    const there = await listInventoryItems(demo.db, {
      storeId: demo.storeId,
      sku: before.sku ?? undefined,
      locationId: level.location,
      limit: 50,
    });
    const elsewhere = await listInventoryItems(demo.db, {
      storeId: demo.storeId,
      sku: before.sku ?? undefined,
      locationId: other,
      limit: 50,
    });
    expect(there.items.find((i) => i.id === level.item)?.held).toEqual(after.held);
    expect(elsewhere.items.find((i) => i.id === level.item)?.held).toEqual([]);
  });
});
