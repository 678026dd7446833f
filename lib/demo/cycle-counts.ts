import { and, asc, inArray, isNull, sql } from "drizzle-orm";
import type { Db } from "../db";
import { locations } from "../db/schema";
import { applyCycleCount } from "../domain/cycle-counts/apply";
import { recordCycleCounts } from "../domain/cycle-counts/counting";
import { createCycleCount } from "../domain/cycle-counts/create";
import { getCycleCount } from "../domain/cycle-counts/read";
import { submitCycleCount } from "../domain/cycle-counts/review";

/**
 * The demo's finished count (docs/cycle-counts.md): the Returns zone of each store's first location, counted
 * blind and applied. Every unit was where the ledger said, so no level the other demo pages show changes; the
 * count's page, the list and each counted item's history show a completed count at 100%.
 */
export async function finishDemoCounts(tx: Db, storeIds: readonly string[]): Promise<number> {
  let lines = 0;
  for (const storeId of storeIds) {
    const [location] = await tx
      .select({ id: locations.id })
      .from(locations)
      .where(and(inArray(locations.storeId, [storeId]), isNull(locations.archivedAt)))
      .orderBy(asc(locations.name))
      .limit(1);
    if (!location) continue;
    const actor = { name: "Demo counter" };
    const created = await createCycleCount(tx, {
      storeId,
      request: {
        location_id: location.id,
        name: "Returns shelf",
        blind: true,
        scope: { type: "zone", zone: "Returns" },
      },
      actor,
    });
    const id = created.cycle_count.id;
    for (const binId of created.cycle_count.scope.bin_ids ?? []) {
      await recordCycleCounts(tx, { storeId, cycleCountId: id, counts: { bin_id: binId, entries: [] } });
    }
    // Every unit where the ledger says (the counter's scans, in one statement).
    await tx.execute(sql`
      update cycle_count_lines set counted_quantity = snapshot_quantity, counted_at = now(), status = 'counted'
      where cycle_count_id = ${id}`);
    const started = await getCycleCount(tx, storeId, id);
    lines += started.lines.length;
    await submitCycleCount(tx, storeId, id);
    await applyCycleCount(tx, { storeId, cycleCountId: id, actor: { name: "Demo admin" } });
  }
  return lines;
}
