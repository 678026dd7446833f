import { sql } from "drizzle-orm";
import type { Db } from "../../db";
import type { CycleCountScopeValue } from "../../db/schema";
import { cycleCountLines } from "../../db/schema";
import type { CycleCountScope, CycleCountStatus } from "../../enums";
import { newId } from "../../ids";
import type { CycleCount, CycleCountLine, RecordCycleCountsRequest } from "../../schemas/cycle-counts";
import { ConflictError, NotFoundError, ValidationError } from "../errors";
import { idList } from "./create";
import { CYCLE_COUNT, loadCycleCount, loadCycleCountLines } from "./read";

/**
 * Counting: a counter starts a place (scans a bin label, or picks "unbinned"), which takes the snapshot of
 * every line there, then records what they find. The snapshot is taken at the start of the place, not when
 * the count was created, so that units put away or picked between creating the count and counting that shelf
 * are in the snapshot and the counter's number alike; what moves after the snapshot is kept by the apply,
 * which adds only counted - snapshot.
 */

export type LockedCount = {
  id: string;
  status: CycleCountStatus;
  location_id: string;
  scope_type: CycleCountScope;
  scope: CycleCountScopeValue;
};

/** Takes the count's row lock (every change of a count and its lines serialises on it). */
export async function lockCycleCount(tx: Db, storeId: string, cycleCountId: string): Promise<LockedCount> {
  const { rows } = await tx.execute<LockedCount>(sql`
    select id, status, location_id, scope_type, scope from cycle_counts
    where store_id = ${storeId} and id = ${cycleCountId} for update`);
  const row = rows[0];
  if (!row) throw new NotFoundError(CYCLE_COUNT, cycleCountId);
  return row;
}

export function notInStatus(count: LockedCount, action: string): ConflictError {
  return new ConflictError(
    `${CYCLE_COUNT}/wrong-status`,
    `This count is ${count.status.replace("_", " ")}; it cannot ${action} now.`,
  );
}

/**
 * Snapshots the lines of a place that have none: the bin's units of the item, or the location's unbinned units
 * (level − units in its bins), read in one statement so a concurrent move cannot be half seen.
 */
async function snapshotPlace(tx: Db, count: LockedCount, binId: string | null): Promise<void> {
  await tx.execute(sql`
    update cycle_count_lines l set snapshot_quantity = s.quantity, snapshot_at = now()
    from (
      select l2.id,
        ${
          binId === null
            ? sql`coalesce((select quantity from inventory_levels lv
                    where lv.inventory_item_id = l2.inventory_item_id and lv.location_id = ${count.location_id}), 0)
                  - coalesce((select sum(quantity) from bin_stock bs
                    where bs.inventory_item_id = l2.inventory_item_id and bs.location_id = ${count.location_id}), 0)`
            : sql`coalesce((select quantity from bin_stock bs
                    where bs.bin_id = ${binId} and bs.inventory_item_id = l2.inventory_item_id), 0)`
        } as quantity
      from cycle_count_lines l2
      where l2.cycle_count_id = ${count.id} and l2.snapshot_quantity is null
        and ${binId === null ? sql`l2.bin_id is null` : sql`l2.bin_id = ${binId}`}
    ) s
    where l.id = s.id`);
}

/** Records a place's counts (or only starts it when `entries` is empty). Answers the count and the place's lines. */
export async function recordCycleCounts(
  db: Db,
  input: { storeId: string; cycleCountId: string; counts: RecordCycleCountsRequest["counts"] },
): Promise<{ cycle_count: CycleCount; lines: CycleCountLine[] }> {
  const { storeId, counts } = input;
  return db.transaction(async (tx) => {
    const count = await lockCycleCount(tx, storeId, input.cycleCountId);
    if (count.status !== "draft" && count.status !== "in_progress") throw notInStatus(count, "take counts");
    const binScoped = count.scope_type === "bins" || count.scope_type === "zone";
    if (counts.bin_id === null) {
      if (binScoped) {
        throw new ValidationError(CYCLE_COUNT, [
          { path: "counts.bin_id", message: "This count covers bins; unbinned units are not part of it." },
        ]);
      }
    } else {
      const { rows } = await tx.execute<{ archived: boolean }>(sql`
        select archived_at is not null as archived from bins
        where store_id = ${storeId} and location_id = ${count.location_id} and id = ${counts.bin_id}`);
      const inScope = !binScoped || (count.scope.binIds ?? []).includes(counts.bin_id);
      if (!rows[0] || !inScope) {
        throw new ValidationError(CYCLE_COUNT, [
          {
            path: "counts.bin_id",
            message: rows[0]
              ? "This bin is not part of this count."
              : "No such bin is at this count's location.",
          },
        ]);
      }
    }
    const itemIds = [...new Set(counts.entries.map((entry) => entry.inventory_item_id))];
    if (itemIds.length > 0) {
      const { rows } = await tx.execute<{ id: string; in_count: boolean }>(sql`
        select i.id, exists (select 1 from cycle_count_lines l where l.cycle_count_id = ${count.id}
          and l.inventory_item_id = i.id) as in_count
        from inventory_items i where i.store_id = ${storeId} and i.id in (${idList(itemIds)})`);
      const known = new Map(rows.map((row) => [row.id, row.in_count]));
      const issues = counts.entries.flatMap((entry, index) => {
        const inCount = known.get(entry.inventory_item_id);
        if (inCount === undefined) {
          return [
            { path: `counts.entries.${index}.inventory_item_id`, message: "No such item in this store." },
          ];
        }
        return !binScoped && !inCount
          ? [
              {
                path: `counts.entries.${index}.inventory_item_id`,
                message: "This item is not part of this count.",
              },
            ]
          : [];
      });
      if (issues.length > 0)
        throw new ValidationError(CYCLE_COUNT, issues, "Some entries cannot be counted here.");
      // An item found where the count expected none gets its line (snapshotted below with the place).
      await tx
        .insert(cycleCountLines)
        .values(
          itemIds.map((itemId) => ({
            id: newId("cycleCountLine"),
            cycleCountId: count.id,
            storeId,
            locationId: count.location_id,
            binId: counts.bin_id,
            inventoryItemId: itemId,
          })),
        )
        .onConflictDoNothing();
    }
    await snapshotPlace(tx, count, counts.bin_id);
    for (const entry of counts.entries) {
      const counted =
        entry.mode === "set"
          ? sql`greatest(0, ${entry.quantity}::int)`
          : sql`greatest(0, coalesce(counted_quantity, 0) + ${entry.quantity}::int)`;
      await tx.execute(sql`
        update cycle_count_lines set counted_quantity = ${counted}, counted_at = now(), status = 'counted'
        where cycle_count_id = ${count.id} and inventory_item_id = ${entry.inventory_item_id}
          and ${counts.bin_id === null ? sql`bin_id is null` : sql`bin_id = ${counts.bin_id}`}`);
    }
    if (count.status === "draft") {
      await tx.execute(
        sql`update cycle_counts set status = 'in_progress', started_at = now(), updated_at = now() where id = ${count.id}`,
      );
    } else {
      await tx.execute(sql`update cycle_counts set updated_at = now() where id = ${count.id}`);
    }
    const answer = await loadCycleCount(tx, storeId, count.id);
    return { cycle_count: answer, lines: await loadCycleCountLines(tx, answer, { binId: counts.bin_id }) };
  });
}
