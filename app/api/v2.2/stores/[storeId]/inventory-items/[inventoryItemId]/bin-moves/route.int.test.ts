import { describe, expect, it } from "vitest";
import { inventoryItems } from "@/lib/db/schema";
import { applyInventoryMovements } from "@/lib/domain/inventory-levels/movements";
import { newId } from "@/lib/ids";
import { type Caller, callRoute } from "@/lib/testing/api";
import { expectInvalid, expectProblem } from "@/lib/testing/api-helpers";
import { setupApiTestDatabase } from "@/lib/testing/api-setup";
import { createBin as create, patchBin as patch } from "@/lib/testing/bins";
import { POST as ADJUST } from "../../../inventory-movements/route";
import { GET as STOCK } from "../bin-stock/route";
import { GET as GET_ITEM } from "../route";
import { POST as MOVE } from "./route";

const setup = setupApiTestDatabase();
const staff = { userId: "usr_test", name: "Dock Tester" };

type Move = { location_id: string; from_bin_id: string | null; to_bin_id: string | null; quantity: number };
function move(storeId: string, inventoryItemId: string, body: Move, auth: Caller) {
  return callRoute<{
    movements: { quantity_delta: number; quantity_after: number; reason: string; bin: unknown }[];
  }>(
    MOVE,
    { storeId, inventoryItemId },
    {
      method: "POST",
      path: `/stores/${storeId}/inventory-items/${inventoryItemId}/bin-moves`,
      body: { move: body },
      ...auth,
    },
  );
}

/** A new item of store A with `quantity` units, all unbinned, at its first location. */
async function stockedItem(quantity: number) {
  const { database, storeA } = setup();
  const id = newId("inventoryItem");
  await database.db
    .insert(inventoryItems)
    .values({ id, storeId: storeA.id, kind: "UNKNOWN", name: "Bin probe" });
  const locationId = storeA.locationIds[0] as string;
  await applyInventoryMovements(database.db, {
    storeId: storeA.id,
    changes: [{ inventoryItemId: id, locationId, adjustBy: quantity, reason: "correction" }],
    source: { type: "adjustment" },
    actor: staff,
  });
  return { id, locationId };
}

describe("moving units between bins", () => {
  it("moves units without changing the level, records both rows, and fills the item's bin", async () => {
    const { storeA } = setup();
    const item = await stockedItem(10);
    const auth = { secret: storeA.secret };
    const bin = (await create(storeA.id, item.locationId, { code: "M-01" }, auth)).body.bin;
    const other = (await create(storeA.id, item.locationId, { code: "M-02", capacity: 5 }, auth)).body.bin;

    const moved = await move(
      storeA.id,
      item.id,
      { location_id: item.locationId, from_bin_id: null, to_bin_id: bin.id, quantity: 10 },
      auth,
    );
    expect(moved.status, moved.text).toBe(201);
    expect(moved.body.movements).toEqual([
      expect.objectContaining({ quantity_delta: -10, quantity_after: 10, reason: "moved", bin: null }),
      expect.objectContaining({
        quantity_delta: 10,
        quantity_after: 10,
        reason: "moved",
        bin: { id: bin.id, code: "M-01" },
      }),
    ]);
    // All ten sit in one bin: the item's location names it.
    const itemAnswer = await callRoute<{
      inventory_item: { locations: { location_id: string; bin: string | null; quantity: number }[] };
    }>(
      GET_ITEM,
      { storeId: storeA.id, inventoryItemId: item.id },
      { path: `/stores/${storeA.id}/inventory-items/${item.id}`, ...auth },
    );
    expect(itemAnswer.body.inventory_item.locations).toEqual([
      expect.objectContaining({ bin: "M-01", quantity: 10 }),
    ]);

    // More than the bin holds, and more than the other bin's capacity: 409s that move nothing.
    const tooMany = await move(
      storeA.id,
      item.id,
      { location_id: item.locationId, from_bin_id: bin.id, to_bin_id: null, quantity: 11 },
      auth,
    );
    expectProblem(tooMany, 409, "inventory-movement/not-enough-stock");
    expectProblem(
      await move(
        storeA.id,
        item.id,
        { location_id: item.locationId, from_bin_id: bin.id, to_bin_id: other.id, quantity: 6 },
        auth,
      ),
      409,
      "bin/over-capacity",
    );
    expect(
      (
        await move(
          storeA.id,
          item.id,
          { location_id: item.locationId, from_bin_id: bin.id, to_bin_id: other.id, quantity: 4 },
          auth,
        )
      ).status,
    ).toBe(201);

    const stock = await callRoute<{
      locations: { quantity: number; unbinned: number; bins: { code: string; quantity: number }[] }[];
    }>(
      STOCK,
      { storeId: storeA.id, inventoryItemId: item.id },
      { path: `/stores/${storeA.id}/inventory-items/${item.id}/bin-stock`, ...auth },
    );
    expect(stock.body.locations).toEqual([
      expect.objectContaining({
        quantity: 10,
        unbinned: 0,
        bins: [
          expect.objectContaining({ code: "M-01", quantity: 6 }),
          expect.objectContaining({ code: "M-02", quantity: 4 }),
        ],
      }),
    ]);

    // An adjustment names no bin: it may not take the level below the units in bins.
    const adjust = await callRoute(
      ADJUST,
      { storeId: storeA.id },
      {
        method: "POST",
        path: `/stores/${storeA.id}/inventory-movements`,
        body: {
          movements: [
            { inventory_item_id: item.id, location_id: item.locationId, adjust_by: -1, reason: "damaged" },
          ],
        },
        ...auth,
      },
    );
    expectProblem(adjust, 409, "inventory-movement/negative-level");
  });

  it("refuses moves into an archived bin, from a bin of another location, and to the same place", async () => {
    const { storeA } = setup();
    const item = await stockedItem(3);
    const auth = { secret: storeA.secret };
    const bin = (await create(storeA.id, item.locationId, { code: "ARCH-1" }, auth)).body.bin;
    await patch(storeA.id, bin.id, { archived: true }, auth);
    expectProblem(
      await move(
        storeA.id,
        item.id,
        { location_id: item.locationId, from_bin_id: null, to_bin_id: bin.id, quantity: 1 },
        auth,
      ),
      409,
      "bin/archived",
    );
    const elsewhere = (await create(storeA.id, storeA.locationIds[1] as string, { code: "ELSE-1" }, auth))
      .body.bin;
    expectInvalid(
      await move(
        storeA.id,
        item.id,
        { location_id: item.locationId, from_bin_id: null, to_bin_id: elsewhere.id, quantity: 1 },
        auth,
      ),
      "inventory-movement",
      ["move.to_bin_id"],
    );
    expectInvalid(
      await move(
        storeA.id,
        item.id,
        { location_id: item.locationId, from_bin_id: null, to_bin_id: null, quantity: 1 },
        auth,
      ),
      "inventory-movement",
      ["move.to_bin_id"],
    );
  });
});
