import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { closeDatabase, type Db, getDatabase } from "../lib/db";
import { overviewCounts } from "../lib/domain/overview/counts";
import { getStoreOverview } from "../lib/domain/overview/get";
import {
  deliveredToClosed,
  inboundUnitsByWeek,
  overviewWeeks,
  returnsByWeek,
  topReasons,
} from "../lib/domain/overview/series";

/**
 * `npm run bench:overview`: server time of the store overview (issue 13: p50 <= 300 ms on a store with
 * 1M shipments). Times the domain function `getStoreOverview` (what `GET /stores/{id}/overview` runs,
 * without HTTP) over BENCH_RUNS runs after BENCH_WARMUP, each of its five statements alone, and the
 * cheapest query (`select 1`) as the floor of a database round trip in the same run.
 *
 * Needs DATABASE_URL (PostgreSQL, e.g. after `npm run seed -- --shipments 1000000`). The store is
 * BENCH_STORE_ID, or the one with the most inbound shipments. Reads only.
 */

const RUNS = Number(process.env.BENCH_RUNS ?? 50);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 5);

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

async function time(label: string, run: () => Promise<unknown>): Promise<void> {
  for (let i = 0; i < WARMUP; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    await run();
    times.push(performance.now() - start);
  }
  times.sort((a, b) => a - b);
  const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(10);
  console.log(`${label.padEnd(34)} p50 ${ms(percentile(times, 50))}  p95 ${ms(percentile(times, 95))}`);
}

async function storeOf(db: Db): Promise<{ id: string; name: string; shipments: number; returns: number }> {
  const chosen = process.env.BENCH_STORE_ID;
  const { rows } = await db.execute<{ id: string; name: string; shipments: number; returns: number }>(sql`
    select s.id, s.name,
      (select count(*)::int from inbound_shipments x where x.store_id = s.id) as shipments,
      (select count(*)::int from returns x where x.store_id = s.id) as returns
    from stores s
    where ${chosen ?? null}::text is null or s.id = ${chosen ?? null}
    order by shipments desc limit 1`);
  const [store] = rows;
  if (!store) throw new Error(chosen ? `No store ${chosen}` : "The database has no store: run npm run seed.");
  return store;
}

async function main() {
  if (!process.env.DATABASE_URL) throw new Error("Set DATABASE_URL to a PostgreSQL database.");
  const { db } = await getDatabase();
  const store = await storeOf(db);
  console.log(
    `Store ${store.name} (${store.id}): ${store.shipments.toLocaleString("en-US")} inbound shipments, ` +
      `${store.returns.toLocaleString("en-US")} returns; ${RUNS} runs after ${WARMUP} warm-up`,
  );
  const weeks = overviewWeeks(new Date());
  await time("getStoreOverview (all five)", () => getStoreOverview(db, store.id));
  await time("  counts", () => overviewCounts(db, store.id));
  await time("  returns by week", () => returnsByWeek(db, store.id, weeks));
  await time("  top reasons", () => topReasons(db, store.id, weeks));
  await time("  delivered to closed", () => deliveredToClosed(db, store.id, weeks));
  await time("  inbound units by week", () => inboundUnitsByWeek(db, store.id, weeks));
  await time("baseline: select 1", () => db.execute(sql`select 1`));
  console.log(JSON.stringify((await getStoreOverview(db, store.id)).counts));
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => closeDatabase());
