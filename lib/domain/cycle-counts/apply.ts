import { inArray, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { binStock, inventoryItems, inventoryMovements } from "../../db/schema";
import { newId } from "../../ids";
import type { CycleCountDetail } from "../../schemas/cycle-counts";
import type { Actor } from "../actor";
import { ConflictError, type FieldIssue } from "../errors";
import { recordInventoryItemEvents } from "../events/inventory-item-events";
import { levelKey, setLevels } from "../inventory-levels/level-quantities";
import { lockCycleCount, notInStatus } from "./counting";
import { actorColumns, idList } from "./create";
import { CYCLE_COUNT, getCycleCount } from "./read";

/**
 * Applying a reviewed count: each accepted line's variance (counted − snapshot) is one ledger movement into or
 * out of its place (reason `cycle_count`, source the count), never a "set to counted". What the ledger did to
 * the place after its snapshot (a receipt, a return, a move) is therefore kept. Under the items' row locks, as
 * every level change (lib/domain/inventory-levels/movements.ts), so level = sum(bins) + unbinned holds.
 */

type VarianceLine = {
  id: string;
  bin_id: string | null;
  bin_code: string | null;
  item_id: string;
  variance: number;
};

export async function applyCycleCount(
  db: Db,
  input: { storeId: string; cycleCountId: string; actor: Actor },
): Promise<CycleCountDetail> {
  const { storeId } = input;
  return db.transaction(async (tx) => {
    const count = await lockCycleCount(tx, storeId, input.cycleCountId);
    if (count.status !== "in_review") throw notInStatus(count, "be applied");
    const { rows: waiting } = await tx.execute<{ n: number }>(sql`
      select count(*)::int as n from cycle_count_lines where cycle_count_id = ${count.id} and status = 'review'`);
    if ((waiting[0]?.n ?? 0) > 0) {
      throw new ConflictError(
        `${CYCLE_COUNT}/lines-to-review`,
        `${waiting[0]?.n} ${waiting[0]?.n === 1 ? "line is" : "lines are"} over the threshold: accept or recount them first.`,
      );
    }
    const { rows: lines } = await tx.execute<VarianceLine>(sql`
      select l.id, l.bin_id, b.code as bin_code, l.inventory_item_id as item_id,
        l.counted_quantity - l.snapshot_quantity as variance
      from cycle_count_lines l left join bins b on b.id = l.bin_id
      where l.cycle_count_id = ${count.id} and l.status = 'accepted'
        and l.counted_quantity <> l.snapshot_quantity
      order by l.inventory_item_id, l.bin_id nulls first`);
    if (lines.length > 0)
      await postVariances(tx, {
        storeId,
        locationId: count.location_id,
        countId: count.id,
        lines,
        actor: input.actor,
      });
    await tx.execute(sql`
      update cycle_counts set status = 'completed', completed_at = now(), updated_at = now(),
        applied_by_name = ${input.actor.name}
      where id = ${count.id}`);
    return getCycleCount(tx, storeId, count.id);
  });
}

async function postVariances(
  tx: Db,
  input: { storeId: string; locationId: string; countId: string; lines: VarianceLine[]; actor: Actor },
): Promise<void> {
  const { storeId, locationId, lines } = input;
  const itemIds = [...new Set(lines.map((line) => line.item_id))].sort();
  const locked = sql`select id from inventory_items where id in (${idList(itemIds)}) order by id for update`;
  await tx.execute(locked);
  const { rows: levels } = await tx.execute<{ item_id: string; quantity: number; binned: number }>(sql`
    select i.id as item_id, coalesce(lv.quantity, 0) as quantity,
      coalesce((select sum(bs.quantity) from bin_stock bs
        where bs.inventory_item_id = i.id and bs.location_id = ${locationId}), 0)::int as binned
    from inventory_items i
    left join inventory_levels lv on lv.inventory_item_id = i.id and lv.location_id = ${locationId}
    where i.id in (${idList(itemIds)})`);
  const level = new Map(levels.map((row) => [row.item_id, row]));
  const binLines = lines.filter((line) => line.bin_id !== null);
  const { rows: inBins } =
    binLines.length === 0
      ? { rows: [] }
      : await tx.execute<{ bin_id: string; item_id: string; quantity: number }>(sql`
          select bin_id, inventory_item_id as item_id, quantity from bin_stock
          where location_id = ${locationId} and inventory_item_id in (${idList(itemIds)})`);
  const binQuantity = new Map(inBins.map((row) => [levelKey(row.item_id, row.bin_id), row.quantity]));

  const short: FieldIssue[] = [];
  for (const line of lines) {
    const here = level.get(line.item_id);
    const now =
      line.bin_id === null
        ? (here?.quantity ?? 0) - (here?.binned ?? 0)
        : (binQuantity.get(levelKey(line.item_id, line.bin_id)) ?? 0);
    if (now + line.variance < 0) {
      short.push({
        path: `lines.${line.id}`,
        message: `${line.bin_code ?? "Unbinned"} holds ${now} now; removing ${-line.variance} would go below zero (units left since the snapshot): recount it.`,
      });
    }
  }
  if (short.length > 0) {
    throw new ConflictError(
      `${CYCLE_COUNT}/stock-moved`,
      "Units left some counted places after they were counted, so these variances no longer fit; nothing was applied.",
      short,
    );
  }

  const actor = actorColumns(input.actor);
  const running = new Map(levels.map((row) => [row.item_id, row.quantity]));
  const movementRows: (typeof inventoryMovements.$inferInsert)[] = lines.map((line) => {
    const after = (running.get(line.item_id) ?? 0) + line.variance;
    running.set(line.item_id, after);
    return {
      id: newId("inventoryMovement"),
      storeId,
      inventoryItemId: line.item_id,
      locationId,
      binId: line.bin_id,
      quantityDelta: line.variance,
      quantityAfter: after,
      reason: "cycle_count",
      sourceType: "cycle_count",
      sourceId: input.countId,
      actorKind: actor.kind,
      actorId: actor.id,
      actorName: actor.name,
    };
  });
  await setLevels(
    tx,
    storeId,
    movementRows.map((row) => ({
      inventoryItemId: row.inventoryItemId,
      locationId,
      quantityAfter: row.quantityAfter,
    })),
  );
  // A removal updates the bin's row (which holds at least that many, checked above); an addition may create it.
  // Apart, because the insert of an upsert checks `quantity >= 0` on the new row before it finds the old one.
  const removals = binLines.filter((line) => line.variance < 0);
  const additions = binLines.filter((line) => line.variance > 0);
  for (let start = 0; start < removals.length; start += 2000) {
    const chunk = removals.slice(start, start + 2000);
    await tx.execute(sql`
      update bin_stock bs set quantity = bs.quantity + v.delta, updated_at = now()
      from (values ${sql.join(
        chunk.map((line) => sql`(${line.bin_id}, ${line.item_id}, ${line.variance}::int)`),
        sql`, `,
      )}) as v(bin_id, item_id, delta)
      where bs.bin_id = v.bin_id and bs.inventory_item_id = v.item_id`);
  }
  for (let start = 0; start < additions.length; start += 2000) {
    await tx
      .insert(binStock)
      .values(
        additions.slice(start, start + 2000).map((line) => ({
          binId: line.bin_id as string,
          inventoryItemId: line.item_id,
          storeId,
          locationId,
          quantity: line.variance,
        })),
      )
      .onConflictDoUpdate({
        target: [binStock.binId, binStock.inventoryItemId],
        set: { quantity: sql`${binStock.quantity} + excluded.quantity`, updatedAt: sql`now()` },
      });
  }
  for (let start = 0; start < movementRows.length; start += 2000) {
    await tx.insert(inventoryMovements).values(movementRows.slice(start, start + 2000));
  }
  await tx
    .update(inventoryItems)
    .set({ updatedAt: sql`greatest(now(), ${inventoryItems.updatedAt} + interval '1 millisecond')` })
    .where(inArray(inventoryItems.id, itemIds));
  await recordInventoryItemEvents(tx, storeId, itemIds);
}
