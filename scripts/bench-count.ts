import { mkdtempSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { newId } from "../lib/ids";

/**
 * `npm run bench:count`: applying a 5,000-line cycle count (goal: under 5 s; docs/performance.md). A new store
 * with 100 bins of 50 items each (10 units a bin), a count of every bin, each bin started (its snapshot taken
 * through the domain, as a scan of its label does), 4 lines in 5 counted off by −2..+2 (one statement, standing
 * for the counters' scans), then timed: create, start the 100 places, submit (auto-accept within 2 units) and
 * apply (4,000 ledger movements, 4,000 bin rows, 4,000 levels, 4,000 `inventory_item` events). Checks afterwards
 * that every level equals its ledger rows and its bins. On PostgreSQL with DATABASE_URL, else on a fresh embedded
 * database in a temporary folder.
 */

const BINS = Number(process.env.BENCH_BINS ?? 100);
const PER_BIN = Number(process.env.BENCH_ITEMS_PER_BIN ?? 50);

if (!process.env.DATABASE_URL) {
  process.env.BACKROOM_DATA_DIR = mkdtempSync(path.join(os.tmpdir(), "backroom-bench-count-"));
}
const { closeDatabase, getDatabase } = await import("../lib/db");
const { insertInBatches } = await import("../lib/db/insert-batches");
const schema = await import("../lib/db/schema");
const { createStore } = await import("../lib/domain/stores");
const { createCycleCount } = await import("../lib/domain/cycle-counts/create");
const { recordCycleCounts } = await import("../lib/domain/cycle-counts/counting");
const { submitCycleCount, updateCycleCountSettings } = await import("../lib/domain/cycle-counts/review");
const { applyCycleCount } = await import("../lib/domain/cycle-counts/apply");

async function timed<T>(label: string, work: () => Promise<T>): Promise<T> {
  const start = performance.now();
  const result = await work();
  console.log(`| ${label} | ${(performance.now() - start).toFixed(0)} ms |`);
  return result;
}

async function main() {
  const database = await getDatabase();
  const { db } = database;
  const backend = process.env.DATABASE_URL ? "PostgreSQL" : "embedded PGlite";
  const { storeId, locationId } = await db.transaction((tx) =>
    createStore(tx, { name: `Count bench ${new Date().toISOString()}`, currency: "USD", timeZone: "UTC" }),
  );
  const bins = Array.from({ length: BINS }, (_, n) => ({
    id: newId("bin"),
    storeId,
    locationId,
    code: `BENCH-${String(n).padStart(3, "0")}`,
    zone: "Bench",
  }));
  const items = Array.from({ length: BINS * PER_BIN }, (_, n) => ({
    id: newId("inventoryItem"),
    storeId,
    sku: `CNT-${n}`,
    name: `Counted item ${n}`,
    kind: "UNKNOWN" as const,
  }));
  await db.transaction(async (tx) => {
    await insertInBatches(tx, schema.bins, bins);
    await insertInBatches(tx, schema.inventoryItems, items);
    await insertInBatches(
      tx,
      schema.inventoryLevels,
      items.map((item) => ({ inventoryItemId: item.id, storeId, locationId, quantity: 10 })),
    );
    await insertInBatches(
      tx,
      schema.binStock,
      items.map((item, n) => ({
        binId: bins[Math.floor(n / PER_BIN)]?.id as string,
        inventoryItemId: item.id,
        storeId,
        locationId,
        quantity: 10,
      })),
    );
    await insertInBatches(
      tx,
      schema.inventoryMovements,
      items.map((item, n) => ({
        id: newId("inventoryMovement"),
        storeId,
        inventoryItemId: item.id,
        locationId,
        binId: bins[Math.floor(n / PER_BIN)]?.id as string,
        quantityDelta: 10,
        quantityAfter: 10,
        reason: "import" as const,
        sourceType: "opening_balance" as const,
        actorKind: "system" as const,
        actorName: "Bench",
      })),
    );
  });
  console.log(
    `${items.length} lines in ${BINS} bins on ${backend}; ${os.cpus().length} cores, load average ${os.loadavg()[0]?.toFixed(1)}`,
  );
  console.log("| Step | time |\n|---|---|");
  const actor = { name: "Bench" };
  const count = await timed("create (5,000 lines)", () =>
    createCycleCount(db, {
      storeId,
      request: { location_id: locationId, scope: { type: "zone", zone: "Bench" }, blind: true },
      actor,
    }),
  );
  const id = count.cycle_count.id;
  await timed(`start ${BINS} places (snapshots)`, async () => {
    for (const bin of bins) {
      await recordCycleCounts(db, { storeId, cycleCountId: id, counts: { bin_id: bin.id, entries: [] } });
    }
  });
  await db.execute(sql`
    update cycle_count_lines set status = 'counted', counted_at = now(),
      counted_quantity = snapshot_quantity + (abs(hashtext(id)) % 5) - 2
    where cycle_count_id = ${id}`);
  await updateCycleCountSettings(db, storeId, { auto_accept_units: 2, auto_accept_value: null });
  const submitted = await timed("submit (auto-accept)", () => submitCycleCount(db, storeId, id));
  const applied = await timed("apply", () => applyCycleCount(db, { storeId, cycleCountId: id, actor }));
  const { rows } = await db.execute<{ movements: number; off: number }>(sql`
    select
      (select count(*)::int from inventory_movements where source_type = 'cycle_count' and source_id = ${id}) as movements,
      (select count(*)::int from inventory_levels l where l.store_id = ${storeId} and l.quantity <> (
        select coalesce(sum(quantity_delta), 0) from inventory_movements m
        where m.inventory_item_id = l.inventory_item_id and m.location_id = l.location_id
          and m.stock_state = 'sellable')
) as off`);
  console.log(
    `\n${submitted.cycle_count.summary.to_review} lines to review; ${rows[0]?.movements} movements; ` +
      `variance ${applied.cycle_count.summary.variance_units} units; levels off the ledger: ${rows[0]?.off}`,
  );
  if ((rows[0]?.off ?? 1) !== 0) process.exitCode = 1;
  await closeDatabase();
}

await main();
