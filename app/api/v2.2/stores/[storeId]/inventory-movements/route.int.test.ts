import { parse } from "csv-parse/sync";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { inventoryItems } from "@/lib/db/schema";
import { newId } from "@/lib/ids";
import type {
  createInventoryMovementsResponseSchema,
  inventoryLevelResponseSchema,
  listInventoryLevelsResponseSchema,
  listInventoryMovementsResponseSchema,
} from "@/lib/schemas/inventory-levels";
import { type Caller, callRoute } from "@/lib/testing/api";
import { expectInvalid, expectProblem, unknownId } from "@/lib/testing/api-helpers";
import { setupApiTestDatabase } from "@/lib/testing/api-setup";
import { insertVariant } from "@/lib/testing/fixtures";
import { staffSessionCookie } from "@/lib/testing/session";
import { GET as getLevel } from "../inventory-levels/[inventoryLevelId]/route";
import { GET as listLevels } from "../inventory-levels/route";
import { GET as exportMovements } from "./export/route";
import { GET as listMovements, POST } from "./route";

type Created = z.infer<typeof createInventoryMovementsResponseSchema>;

const setup = setupApiTestDatabase();

function post(storeId: string, body: unknown, auth: Caller) {
  return callRoute<Created>(
    POST,
    { storeId },
    {
      method: "POST",
      path: `/stores/${storeId}/inventory-movements`,
      ...auth,
      body,
    },
  );
}

/** A PRODUCT inventory item of the store, linked to a new variant (its SKU unique). */
/** A movement that counts one more of the item at the location. */
const correction = (itemId: string, locationId: string | undefined) => ({
  inventory_item_id: itemId,
  location_id: locationId,
  adjust_by: 1,
  reason: "correction",
});

async function newItem(storeId: string) {
  const { database } = setup();
  const { product, variant } = await insertVariant(database.db, storeId);
  const [item] = await database.db
    .insert(inventoryItems)
    .values({
      id: newId("inventoryItem"),
      storeId,
      variantId: variant.id,
      sku: variant.sku,
      name: "Trail Tee - Forest / M",
      kind: "PRODUCT",
    })
    .returning();
  return { item: item as typeof inventoryItems.$inferSelect, product, variant };
}

describe("POST /stores/{storeId}/inventory-movements", () => {
  it("adjusts and counts stock, answers 201 with movements and levels, and replays an Idempotency-Key", async () => {
    const { storeA } = setup();
    const { item, product } = await newItem(storeA.id);
    const [locationId] = storeA.locationIds as [string];
    const body = {
      movements: [
        { sku: item.sku, location_id: locationId, adjust_by: 12, reason: "received", note: "Pallet 4" },
        { inventory_item_id: item.id, location_id: locationId, set_to: 10, reason: "cycle_count" },
      ],
    };
    const auth = { secret: storeA.secret, headers: { "idempotency-key": "count-2026-11-25" } };
    const first = await post(storeA.id, body, auth);
    expect(first.status, first.text).toBe(201);
    expect(first.body.inventory_movements.map((m) => [m.quantity_delta, m.quantity_after])).toEqual([
      [12, 12],
      [-2, 10],
    ]);
    expect(first.body.inventory_movements[0]).toMatchObject({
      actor: { type: "api_secret", name: "Store A key" },
      idempotency_key: "count-2026-11-25",
      note: "Pallet 4",
    });
    expect(first.body.inventory_levels).toEqual([
      expect.objectContaining({
        product: { id: product.id, title: "Trail Tee - Forest / M", sku: item.sku },
        quantity: 10,
        available: 10,
        total_available: 10,
        inventory_item_id: item.id,
      }),
    ]);
    const replay = await post(storeA.id, body, auth);
    expect(replay.status).toBe(201);
    expect(replay.headers.get("idempotent-replayed")).toBe("true");
    expect(replay.body).toEqual(first.body);

    const levelId = first.body.inventory_levels[0]?.id as string;
    const level = await callRoute<z.infer<typeof inventoryLevelResponseSchema>>(
      getLevel,
      { storeId: storeA.id, inventoryLevelId: levelId },
      { path: `/stores/${storeA.id}/inventory-levels/${levelId}`, secret: storeA.secret },
    );
    expect(level.status).toBe(200);
    expect(level.body.inventory_level).toMatchObject({ id: levelId, quantity: 10, external_ids: null });
  });

  it("records a staff member's name, and refuses a session write from another site", async () => {
    const { database, storeA } = setup();
    const { item } = await newItem(storeA.id);
    const body = { movements: [correction(item.id, storeA.locationIds[0])] };
    const editor = await staffSessionCookie(database.db, [{ storeId: storeA.id, role: "editor" }]);
    const created = await post(storeA.id, body, { cookie: editor.cookie });
    expect(created.status, created.text).toBe(201);
    expect(created.body.inventory_movements[0]?.actor).toMatchObject({ type: "staff", id: editor.userId });
    // A session write without the same-origin headers is refused before anything is read.
    const crossSite = await callRoute(
      POST,
      { storeId: storeA.id },
      {
        method: "POST",
        path: `/stores/${storeA.id}/inventory-movements`,
        headers: { cookie: editor.cookie, origin: "https://evil.example" },
        body,
      },
    );
    expect(crossSite.status).toBe(403);
  });

  it("names each bad row and field, and a level below zero is a 409 that writes nothing", async () => {
    const { storeA, storeB } = setup();
    const { item } = await newItem(storeA.id);
    const foreign = await newItem(storeB.id);
    const [locationId] = storeA.locationIds as [string];
    expectInvalid(
      await post(
        storeA.id,
        {
          movements: [
            { inventory_item_id: item.id, location_id: locationId, reason: "correction" },
            {
              inventory_item_id: item.id,
              sku: "X",
              location_id: locationId,
              adjust_by: 1,
              reason: "correction",
            },
            { inventory_item_id: item.id, location_id: locationId, adjust_by: 0, reason: "correction" },
            { inventory_item_id: item.id, location_id: locationId, adjust_by: 1, reason: "stolen" },
          ],
        },
        { secret: storeA.secret },
      ),
      "inventory-movement",
      [
        "movements.0.adjust_by",
        "movements.1.inventory_item_id",
        "movements.2.adjust_by",
        "movements.3.reason",
      ],
    );
    expectInvalid(
      await post(
        storeA.id,
        {
          movements: [
            correction(foreign.item.id, locationId),
            correction(item.id, storeB.locationIds[0]),
            { sku: "NOPE-1", location_id: unknownId("loc"), adjust_by: 1, reason: "correction" },
          ],
        },
        { secret: storeA.secret },
      ),
      "inventory-movement",
      [
        "movements.0.inventory_item_id",
        "movements.1.location_id",
        "movements.2.sku",
        "movements.2.location_id",
      ],
    );
    expectInvalid(await post(storeA.id, { movements: [] }, { secret: storeA.secret }), "inventory-movement", [
      "movements",
    ]);
    const tooMany = Array.from({ length: 1001 }, () => correction(item.id, locationId));
    expectInvalid(
      await post(storeA.id, { movements: tooMany }, { secret: storeA.secret }),
      "inventory-movement",
      ["movements"],
    );

    const negative = await post(
      storeA.id,
      {
        movements: [
          { inventory_item_id: item.id, location_id: locationId, adjust_by: 3, reason: "received" },
          { inventory_item_id: item.id, location_id: locationId, adjust_by: -4, reason: "damaged" },
        ],
      },
      { secret: storeA.secret },
    );
    const problem = expectProblem(negative, 409, "inventory-movement/negative-level");
    expect(problem.errors).toEqual([expect.objectContaining({ path: "movements.1.adjust_by" })]);
    const levels = await callRoute<z.infer<typeof listInventoryLevelsResponseSchema>>(
      listLevels,
      { storeId: storeA.id },
      { path: `/stores/${storeA.id}/inventory-levels?sku=${item.sku}`, secret: storeA.secret },
    );
    expect(levels.body.inventory_levels).toEqual([]);
  });

  it("refuses no credentials with 401", async () => {
    const { storeA } = setup();
    const { item } = await newItem(storeA.id);
    const body = { movements: [correction(item.id, storeA.locationIds[0])] };
    expectProblem(await post(storeA.id, body, {}), 401, "auth/unauthorized");
  });
});

describe("GET inventory levels and movements", () => {
  it("filters levels by product, location and time, pages them, and 404s a foreign level", async () => {
    const { storeA, storeB } = setup();
    const { item, product } = await newItem(storeA.id);
    const [first, second] = storeA.locationIds as [string, string];
    const created = await post(
      storeA.id,
      {
        movements: [
          { inventory_item_id: item.id, location_id: first, adjust_by: 5, reason: "received" },
          { inventory_item_id: item.id, location_id: second, adjust_by: 7, reason: "received" },
        ],
      },
      { secret: storeA.secret },
    );
    expect(created.status).toBe(201);
    const read = (query: string, headers: Record<string, string> = {}) =>
      callRoute<z.infer<typeof listInventoryLevelsResponseSchema>>(
        listLevels,
        { storeId: storeA.id },
        { path: `/stores/${storeA.id}/inventory-levels${query}`, secret: storeA.secret, headers },
      );
    const byProduct = await read(`?product_id=${product.id}`);
    expect(byProduct.body.inventory_levels.map((l) => l.quantity).sort()).toEqual([5, 7]);
    const atSecond = await read(`?product_id=${product.id}&location_id=${second}`);
    expect(atSecond.body.inventory_levels.map((l) => l.quantity)).toEqual([7]);
    const future = await read(`?product_id=${product.id}&updated_at_min=2999-01-01T00:00:00Z`);
    expect(future.body.inventory_levels).toEqual([]);
    const page1 = await read(`?product_id=${product.id}`, { "x-page-size": "1" });
    const next = page1.headers.get("x-page-next") as string;
    expect(next).toBeTruthy();
    const page2 = await read(`?product_id=${product.id}`, { "x-page-size": "1", "x-page-continue": next });
    expect([...page1.body.inventory_levels, ...page2.body.inventory_levels].map((l) => l.id).sort()).toEqual(
      byProduct.body.inventory_levels.map((l) => l.id).sort(),
    );
    expectInvalid(await read("?product_id=nope"), "inventory-level", ["product_id"]);
    expectInvalid(await read("?warehouse=1"), "inventory-level", []);

    const levelId = byProduct.body.inventory_levels[0]?.id as string;
    const foreign = await callRoute(
      getLevel,
      { storeId: storeB.id, inventoryLevelId: levelId },
      { path: `/stores/${storeB.id}/inventory-levels/${levelId}`, secret: storeB.secret },
    );
    expectProblem(foreign, 404, "inventory-level/not-found");
  });

  it("lists and exports an item's movements newest first", async () => {
    const { storeA } = setup();
    const { item } = await newItem(storeA.id);
    const [locationId] = storeA.locationIds as [string];
    await post(
      storeA.id,
      {
        movements: [
          { inventory_item_id: item.id, location_id: locationId, adjust_by: 9, reason: "received" },
          {
            inventory_item_id: item.id,
            location_id: locationId,
            adjust_by: -1,
            reason: "damaged",
            note: "=HYPERLINK(1)",
          },
        ],
      },
      { secret: storeA.secret },
    );
    const list = await callRoute<z.infer<typeof listInventoryMovementsResponseSchema>>(
      listMovements,
      { storeId: storeA.id },
      {
        path: `/stores/${storeA.id}/inventory-movements?inventory_item_id=${item.id}`,
        secret: storeA.secret,
      },
    );
    expect(list.body.inventory_movements.map((m) => [m.reason, m.quantity_after])).toEqual([
      ["damaged", 8],
      ["received", 9],
    ]);
    const csv = await callRoute(
      exportMovements,
      { storeId: storeA.id },
      {
        path: `/stores/${storeA.id}/inventory-movements/export?inventory_item_id=${item.id}`,
        secret: storeA.secret,
      },
    );
    expect(csv.status).toBe(200);
    expect(csv.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const rows = parse(csv.text.replace(/^\uFEFF/, ""), { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => [r.reason, r.quantity_delta, r.quantity_after, r.note])).toEqual([
      ["damaged", "-1", "8", "'=HYPERLINK(1)"],
      ["received", "9", "9", ""],
    ]);
    expectInvalid(
      await callRoute(
        listMovements,
        { storeId: storeA.id },
        { path: `/stores/${storeA.id}/inventory-movements?reason=lost`, secret: storeA.secret },
      ),
      "inventory-movement",
      ["reason"],
    );
  });
});
