import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import type { Db } from "../../lib/db";

/** The p-th percentile (nearest rank) of ascending values. */
export function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/** Milliseconds of each of `runs` sequential calls after `warmup` untimed ones, ascending. */
export async function timeRuns(run: () => Promise<unknown>, runs: number, warmup: number): Promise<number[]> {
  for (let i = 0; i < warmup; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b);
}

export type BenchStore = { id: string; name: string; shipments: number; returns: number };

/**
 * BENCH_STORE_ID's store, or the one with the most inbound shipments (what `npm run seed -- --shipments N`
 * filled), or with `by: "returns"` the one with the most returns (`npm run seed -- --returns N`).
 */
export async function benchStore(db: Db, by: "shipments" | "returns" = "shipments"): Promise<BenchStore> {
  const chosen = process.env.BENCH_STORE_ID;
  const { rows } = await db.execute<BenchStore>(sql`
    select s.id, s.name,
      (select count(*)::int from inbound_shipments x where x.store_id = s.id) as shipments,
      (select count(*)::int from returns x where x.store_id = s.id) as returns
    from stores s
    where ${chosen ?? null}::text is null or s.id = ${chosen ?? null}
    order by ${by === "returns" ? sql`returns` : sql`shipments`} desc limit 1`);
  const [store] = rows;
  if (!store) throw new Error(chosen ? `No store ${chosen}` : "The database has no store: run npm run seed.");
  return store;
}
