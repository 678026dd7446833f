import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { inventoryItems, inventoryLevels, locations } from "../../db/schema";
import { setupDemoTestDatabase } from "../../testing/demo-database";
import { offTheLedger } from "../../testing/ledger-invariant";
import { applyInventoryMovements, NegativeLevelError } from "../inventory-levels/movements";
import { itemBinStock, moveBinStock } from "./bin-stock";
import { createBin } from "./bins";

const demo = setupDemoTestDatabase();
const staff = { userId: "usr_test", name: "Dock Tester" };

async function stockedLevel() {
  const [row] = await demo.db
    .select({
      itemId: inventoryLevels.inventoryItemId,
      locationId: inventoryLevels.locationId,
      quantity: inventoryLevels.quantity,
    })
    .from(inventoryLevels)
    .innerJoin(inventoryItems, eq(inventoryItems.id, inventoryLevels.inventoryItemId))
    .innerJoin(locations, eq(locations.id, inventoryLevels.locationId))
    .where(
      and(
        eq(inventoryLevels.storeId, demo.storeId),
        sql`${inventoryLevels.quantity} >= 12`,
        sql`${locations.archivedAt} is null`,
        sql`not exists (select 1 from bin_stock s where s.inventory_item_id = ${inventoryLevels.inventoryItemId})`,
      ),
    )
    .orderBy(sql`random()`)
    .limit(1);
  if (!row) throw new Error("no stocked level without bins");
  return row;
}

describe("bin stock under concurrent moves", () => {
  it("keeps level = sum(bins) + unbinned, never negative, whatever interleaves", async () => {
    const level = await stockedLevel();
    const where = { storeId: demo.storeId, locationId: level.locationId };
    const [a, b] = [
      await createBin(demo.db, where, { code: `CC-A-${level.itemId.slice(-5)}` }),
      await createBin(demo.db, where, { code: `CC-B-${level.itemId.slice(-5)}` }),
    ];
    const moveOf = (from: string | null, to: string | null, quantity: number) =>
      moveBinStock(demo.db, {
        storeId: demo.storeId,
        inventoryItemId: level.itemId,
        move: { location_id: level.locationId, from_bin_id: from, to_bin_id: to, quantity },
        actor: staff,
      });
    // Each move could succeed alone; together they ask for more than there is, so some must be refused.
    const unbinnedAsk = level.quantity - 2;
    const outcomes = await Promise.allSettled([
      moveOf(null, a.id, unbinnedAsk),
      moveOf(null, b.id, unbinnedAsk),
      moveOf(null, a.id, 3),
      moveOf(a.id, b.id, 2),
      moveOf(b.id, null, 1),
      applyInventoryMovements(demo.db, {
        storeId: demo.storeId,
        changes: [
          { inventoryItemId: level.itemId, locationId: level.locationId, adjustBy: 4, reason: "received" },
        ],
        source: { type: "adjustment" },
        actor: staff,
      }),
      applyInventoryMovements(demo.db, {
        storeId: demo.storeId,
        changes: [
          { inventoryItemId: level.itemId, locationId: level.locationId, adjustBy: -3, reason: "damaged" },
        ],
        source: { type: "adjustment" },
        actor: staff,
      }),
    ]);
    for (const outcome of outcomes) {
      if (outcome.status === "rejected") {
        const error = outcome.reason as Error & { status?: number };
        expect(error instanceof NegativeLevelError || error.status === 409, String(error)).toBe(true);
      }
    }
    expect(outcomes.filter((o) => o.status === "fulfilled").length).toBeGreaterThan(0);
    const stock = await itemBinStock(demo.db, { storeId: demo.storeId, inventoryItemId: level.itemId });
    const here = stock.locations.find((l) => l.location_id === level.locationId);
    expect(here).toBeDefined();
    if (!here) return;
    expect(here.unbinned).toBeGreaterThanOrEqual(0);
    expect(here.unbinned + here.bins.reduce((sum, bin) => sum + bin.quantity, 0)).toBe(here.quantity);
    expect(await offTheLedger(demo.db)).toEqual([]);
  });
});
