import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { inventoryItems, inventoryLevels, locations } from "../../db/schema";
import { setupDemoTestDatabase } from "../../testing/demo-database";
import { offTheLedger } from "../../testing/ledger-invariant";
import { itemBinStock, moveBinStock } from "../bins/bin-stock";
import { createBin } from "../bins/bins";
import { applyInventoryMovements } from "../inventory-levels/movements";
import { applyCycleCount } from "./apply";
import { recordCycleCounts } from "./counting";
import { createCycleCount } from "./create";
import { itemCycleCountHistory } from "./history";
import { getCycleCount } from "./read";
import { reviewCycleCount, submitCycleCount, updateCycleCountSettings } from "./review";

const demo = setupDemoTestDatabase();
const staff = { userId: "usr_test", name: "Counter" };
const admin = { userId: "usr_admin", name: "Admin" };

/** An item with at least 20 units at an active location and no bins, with a SKU; two new bins there. */
async function stockedItemWithBins(tag: string) {
  const [row] = await demo.db
    .select({
      itemId: inventoryLevels.inventoryItemId,
      locationId: inventoryLevels.locationId,
      quantity: inventoryLevels.quantity,
      sku: inventoryItems.sku,
    })
    .from(inventoryLevels)
    .innerJoin(inventoryItems, eq(inventoryItems.id, inventoryLevels.inventoryItemId))
    .innerJoin(locations, eq(locations.id, inventoryLevels.locationId))
    .where(
      and(
        eq(inventoryLevels.storeId, demo.storeId),
        sql`${inventoryLevels.quantity} >= 20`,
        sql`${inventoryItems.sku} is not null and ${inventoryItems.kind} = 'PRODUCT'`,
        sql`${locations.archivedAt} is null`,
        sql`not exists (select 1 from bin_stock s where s.inventory_item_id = ${inventoryLevels.inventoryItemId})`,
        sql`(select count(*) from inventory_items i2 where i2.store_id = ${demo.storeId} and i2.sku = ${inventoryItems.sku}) = 1`,
      ),
    )
    .orderBy(sql`random()`)
    .limit(1);
  if (!row?.sku) throw new Error("no stocked item without bins");
  const where = { storeId: demo.storeId, locationId: row.locationId };
  const suffix = `${tag}-${row.itemId.slice(-5)}`;
  const binA = await createBin(demo.db, where, { code: `CNT-A-${suffix}` });
  const binB = await createBin(demo.db, where, { code: `CNT-B-${suffix}` });
  const move = (from: string | null, to: string | null, quantity: number) =>
    moveBinStock(demo.db, {
      storeId: demo.storeId,
      inventoryItemId: row.itemId,
      move: { location_id: row.locationId, from_bin_id: from, to_bin_id: to, quantity },
      actor: staff,
    });
  await move(null, binA.id, 6);
  await move(null, binB.id, 4);
  const receive = (units: number) =>
    applyInventoryMovements(demo.db, {
      storeId: demo.storeId,
      changes: [
        { inventoryItemId: row.itemId, locationId: row.locationId, adjustBy: units, reason: "received" },
      ],
      source: { type: "adjustment" },
      actor: staff,
    });
  const stock = async () => {
    const all = await itemBinStock(demo.db, { storeId: demo.storeId, inventoryItemId: row.itemId });
    const here = all.locations.find((l) => l.location_id === row.locationId);
    if (!here) throw new Error("no level");
    const bin = (id: string) => here.bins.find((b) => b.bin_id === id)?.quantity ?? 0;
    return { level: here.quantity, unbinned: here.unbinned, a: bin(binA.id), b: bin(binB.id) };
  };
  return { ...row, sku: row.sku, binA, binB, move, receive, stock };
}

describe("cycle counts", () => {
  it("applies variances against each place's snapshot while receipts and moves land on the same item", async () => {
    const item = await stockedItemWithBins("conc");
    const count = await createCycleCount(demo.db, {
      storeId: demo.storeId,
      request: { location_id: item.locationId, scope: { type: "skus", skus: [item.sku] }, blind: true },
      actor: staff,
    });
    expect(count.lines.map((l) => l.bin?.code ?? "unbinned").sort()).toEqual(
      [item.binA.code, item.binB.code, "unbinned"].sort(),
    );
    const record = (binId: string | null, quantity: number) =>
      recordCycleCounts(demo.db, {
        storeId: demo.storeId,
        cycleCountId: count.cycle_count.id,
        counts: { bin_id: binId, entries: [{ inventory_item_id: item.itemId, quantity, mode: "set" }] },
      });
    const before = await item.stock();
    // Counting (each place's snapshot is taken by its first record) while receipts and moves land.
    const during = await Promise.allSettled([
      record(item.binA.id, before.a + 2),
      item.receive(5),
      record(null, before.unbinned - 1),
      item.move(item.binA.id, item.binB.id, 1),
      record(item.binB.id, before.b),
      item.receive(3),
    ]);
    expect(during.filter((o) => o.status === "rejected")).toEqual([]);
    const counted = await getCycleCount(demo.db, demo.storeId, count.cycle_count.id);
    // Blind: nobody counting sees what the ledger expects.
    expect(counted.lines.every((l) => l.snapshot_quantity === null && l.variance === null)).toBe(true);

    await updateCycleCountSettings(demo.db, demo.storeId, { auto_accept_units: 1, auto_accept_value: null });
    const submitted = await submitCycleCount(demo.db, demo.storeId, count.cycle_count.id);
    const byPlace = new Map(submitted.lines.map((l) => [l.bin?.id ?? null, l]));
    // The snapshot is what each place held when counting started there, whatever landed elsewhere before.
    const varianceOf = (binId: string | null) => byPlace.get(binId)?.variance;
    const snapA = byPlace.get(item.binA.id)?.snapshot_quantity ?? 0;
    expect(varianceOf(item.binA.id)).toBe(before.a + 2 - snapA);
    expect(byPlace.get(null)?.status).toBe(Math.abs(varianceOf(null) ?? 0) <= 1 ? "accepted" : "review");
    const toReview = submitted.lines.filter((l) => l.status === "review").map((l) => l.id);
    if (toReview.length > 0) {
      await expect(
        applyCycleCount(demo.db, { storeId: demo.storeId, cycleCountId: count.cycle_count.id, actor: admin }),
      ).rejects.toMatchObject({ code: "cycle-count/lines-to-review" });
    }
    if (toReview.length > 0) {
      await reviewCycleCount(demo.db, {
        storeId: demo.storeId,
        cycleCountId: count.cycle_count.id,
        review: { accept: toReview },
        actor: admin,
      });
    }
    const totalVariance = submitted.lines.reduce((sum, l) => sum + (l.variance ?? 0), 0);
    const beforeApply = await item.stock();
    // Applying while more units arrive and move: none of them is overwritten.
    const applied = await Promise.allSettled([
      item.receive(2),
      applyCycleCount(demo.db, { storeId: demo.storeId, cycleCountId: count.cycle_count.id, actor: admin }),
      item.move(item.binB.id, item.binA.id, 1),
      item.receive(1),
    ]);
    expect(applied.filter((o) => o.status === "rejected")).toEqual([]);
    const after = await item.stock();
    expect(after.level).toBe(beforeApply.level + 3 + totalVariance);
    expect(after.level).toBe(after.unbinned + after.a + after.b);
    expect(await offTheLedger(demo.db)).toEqual([]);
    const { rows } = await demo.db.execute<{ total: number }>(sql`
      select coalesce(sum(quantity_delta), 0)::int as total from inventory_movements
      where source_type = 'cycle_count' and source_id = ${count.cycle_count.id}`);
    expect(rows[0]?.total).toBe(totalVariance);
    const history = await itemCycleCountHistory(demo.db, {
      storeId: demo.storeId,
      inventoryItemId: item.itemId,
    });
    expect(history.counts[0]?.cycle_count_id).toBe(count.cycle_count.id);
    expect(history.counts[0]?.variance).toBe(totalVariance);
  });

  it("refuses an apply whose removal no longer fits, and applies after a recount", async () => {
    const item = await stockedItemWithBins("moved");
    const count = await createCycleCount(demo.db, {
      storeId: demo.storeId,
      request: { location_id: item.locationId, scope: { type: "bins", bin_ids: [item.binA.id] } },
      actor: staff,
    });
    const id = count.cycle_count.id;
    await recordCycleCounts(demo.db, {
      storeId: demo.storeId,
      cycleCountId: id,
      counts: {
        bin_id: item.binA.id,
        entries: [{ inventory_item_id: item.itemId, quantity: 2, mode: "set" }],
      },
    });
    await updateCycleCountSettings(demo.db, demo.storeId, { auto_accept_units: 10, auto_accept_value: null });
    const submitted = await submitCycleCount(demo.db, demo.storeId, id);
    expect(submitted.lines[0]).toMatchObject({
      snapshot_quantity: 6,
      counted_quantity: 2,
      variance: -4,
      status: "accepted",
    });
    // Five of A's six units go to B after the count: removing four from A would go below zero.
    await item.move(item.binA.id, item.binB.id, 5);
    await expect(
      applyCycleCount(demo.db, { storeId: demo.storeId, cycleCountId: id, actor: admin }),
    ).rejects.toMatchObject({
      code: "cycle-count/stock-moved",
    });
    const line = submitted.lines[0]?.id as string;
    const back = await reviewCycleCount(demo.db, {
      storeId: demo.storeId,
      cycleCountId: id,
      review: { recount: [line] },
      actor: admin,
    });
    expect(back.cycle_count.status).toBe("in_progress");
    await recordCycleCounts(demo.db, {
      storeId: demo.storeId,
      cycleCountId: id,
      counts: { bin_id: item.binA.id, entries: [{ inventory_item_id: item.itemId, quantity: 1 }] },
    });
    const again = await submitCycleCount(demo.db, demo.storeId, id);
    expect(again.lines[0]).toMatchObject({
      snapshot_quantity: 1,
      counted_quantity: 1,
      variance: 0,
      recounts: 1,
    });
    const done = await applyCycleCount(demo.db, { storeId: demo.storeId, cycleCountId: id, actor: admin });
    expect(done.cycle_count).toMatchObject({ status: "completed", applied_by: "Admin" });
    expect(done.cycle_count.summary.accuracy).toBe(100);
    expect(await offTheLedger(demo.db)).toEqual([]);
  });
});
