import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { inventoryItems, inventoryLevels, locations } from "@/lib/db/schema";
import { newId } from "@/lib/ids";
import type { InventoryItem } from "@/lib/schemas/inventory-items";
import { callRoute, unservedMethod } from "@/lib/testing/api";
import { expectProblem, unknownId } from "@/lib/testing/api-helpers";
import { setupApiTestDatabase } from "@/lib/testing/api-setup";
import { GET } from "./route";

// The server answers methods a route does not export (405 with the path's Allow).
const POST = unservedMethod;

const setup = setupApiTestDatabase();
const TIMESTAMP_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

let stocked: string;
let empty: string;
let foreign: string;

beforeAll(async () => {
  const { database, storeA, storeB } = setup();
  const db = database.db;
  stocked = newId("inventoryItem");
  empty = newId("inventoryItem");
  foreign = newId("inventoryItem");
  await db.insert(inventoryItems).values([
    {
      id: stocked,
      storeId: storeA.id,
      sku: "TT-FOREST-M",
      name: "Trail Tee - Forest / M",
      kind: "PRODUCT",
      // Whole seconds: the API must still write the milliseconds.
      createdAt: new Date("2026-01-02T03:04:05.000Z"),
      updatedAt: new Date("2026-02-03T04:05:06.700Z"),
    },
    { id: empty, storeId: storeA.id, sku: null, name: null, kind: "UNKNOWN" },
    { id: foreign, storeId: storeB.id, sku: "B-ONLY", name: "Store B thing", kind: "RETURN" },
  ]);
  await db.insert(inventoryLevels).values([
    {
      inventoryItemId: stocked,
      storeId: storeA.id,
      locationId: storeA.locationIds[0] as string,
      quantity: 3,
    },
    {
      inventoryItemId: stocked,
      storeId: storeA.id,
      locationId: storeA.locationIds[1] as string,
      quantity: 4,
    },
    {
      inventoryItemId: foreign,
      storeId: storeB.id,
      locationId: storeB.locationIds[0] as string,
      quantity: 9,
    },
  ]);
});

function get(storeId: string, inventoryItemId: string, secret: string | undefined) {
  return callRoute<{ inventory_item: InventoryItem }>(
    GET,
    { storeId, inventoryItemId },
    { path: `/stores/${storeId}/inventory-items/${encodeURIComponent(inventoryItemId)}`, secret },
  );
}

describe("GET /stores/{storeId}/inventory-items/{inventoryItemId}", () => {
  it("answers the item with every field, millisecond timestamps and quantity = sum of its locations", async () => {
    const { database, storeA } = setup();
    const names = await database.db
      .select({ id: locations.id, name: locations.name })
      .from(locations)
      .where(eq(locations.storeId, storeA.id));
    const nameOf = new Map(names.map((l) => [l.id, l.name]));
    const response = await get(storeA.id, stocked, storeA.secret);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/json");
    const item = response.body.inventory_item;
    expect(Object.keys(response.body)).toEqual(["inventory_item"]);
    expect({ ...item, locations: [] }).toEqual({
      id: stocked,
      sku: "TT-FOREST-M",
      name: "Trail Tee - Forest / M",
      kind: "PRODUCT",
      lot_number: null,
      expiration_date: null,
      quantity: 7,
      locations: [],
      held: [],
      created_at: "2026-01-02T03:04:05.000Z",
      updated_at: "2026-02-03T04:05:06.700Z",
    });
    const expectedLocations = storeA.locationIds
      .map((id, i) => ({
        location_id: id,
        location_name: nameOf.get(id),
        bin: null,
        quantity: i === 0 ? 3 : 4,
      }))
      .sort((a, b) => String(a.location_name).localeCompare(String(b.location_name)));
    expect([...item.locations].sort((a, b) => a.location_name.localeCompare(b.location_name))).toEqual(
      expectedLocations,
    );
  });

  it("answers an item without stock with quantity 0, no locations and null sku and name present", async () => {
    const { storeA } = setup();
    const response = await get(storeA.id, empty, storeA.secret);
    expect(response.status).toBe(200);
    const item = response.body.inventory_item;
    expect(item).toMatchObject({
      id: empty,
      sku: null,
      name: null,
      kind: "UNKNOWN",
      quantity: 0,
      locations: [],
    });
    expect(item.created_at).toMatch(TIMESTAMP_MS);
    expect(item.updated_at).toMatch(TIMESTAMP_MS);
  });

  it("reflects a changed stock level in quantity", async () => {
    const { database, storeA } = setup();
    const location = storeA.locationIds[1] as string;
    await database.db
      .update(inventoryLevels)
      .set({ quantity: 40 })
      .where(and(eq(inventoryLevels.inventoryItemId, stocked), eq(inventoryLevels.locationId, location)));
    const item = (await get(storeA.id, stocked, storeA.secret)).body.inventory_item;
    expect(item.quantity).toBe(43);
    expect(item.quantity).toBe(item.locations.reduce((sum, l) => sum + l.quantity, 0));
    expect(item.locations.find((l) => l.location_id === location)?.quantity).toBe(40);
  });

  it("answers 404 inventory-item/not-found alike for unknown, malformed and other stores' items", async () => {
    const { storeA, storeB } = setup();
    const shapes = new Set<string>();
    for (const id of [
      foreign,
      unknownId("ii"),
      "ii_short",
      "ret_abc",
      unknownId("ret"),
      "*",
      "x".repeat(500),
    ]) {
      const body = expectProblem(await get(storeA.id, id, storeA.secret), 404, "inventory-item/not-found");
      shapes.add(JSON.stringify([body.type, body.title, body.status]));
    }
    expect(shapes.size).toBe(1);
    // The foreign item is untouched and visible to its own store.
    expect((await get(storeB.id, foreign, storeB.secret)).body.inventory_item.quantity).toBe(9);
  });

  it("refuses no secret (401), a bad secret (401), and store B's path to store A's secret (403)", async () => {
    const { storeA, storeB } = setup();
    const none = await get(storeA.id, stocked, undefined);
    expectProblem(none, 401, "auth/unauthorized");
    expect(none.headers.get("www-authenticate")).toMatch(/^Bearer/);
    expectProblem(
      await get(
        storeA.id,
        stocked,
        `${storeA.secret.slice(0, -1)}${storeA.secret.endsWith("Q") ? "R" : "Q"}`,
      ),
      401,
      "auth/unauthorized",
    );
    expectProblem(await get(storeB.id, foreign, storeA.secret), 403, "auth/forbidden");
  });

  it("answers POST with 405 and Allow: GET", async () => {
    const { storeA } = setup();
    const response = await callRoute(
      POST,
      { storeId: storeA.id, inventoryItemId: stocked },
      {
        method: "POST",
        path: `/stores/${storeA.id}/inventory-items/${stocked}`,
        secret: storeA.secret,
        body: {},
      },
    );
    expectProblem(response, 405, "request/method-not-allowed");
    expect(response.headers.get("allow")).toBe("GET");
  });
});
