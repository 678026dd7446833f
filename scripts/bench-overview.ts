import { sql } from "drizzle-orm";
import { closeDatabase, getDatabase } from "../lib/db";
import { overviewCounts } from "../lib/domain/overview/counts";
import { getStoreOverview } from "../lib/domain/overview/get";
import {
  deliveredToClosed,
  inboundUnitsByWeek,
  overviewWeeks,
  returnsByWeek,
  topReasons,
} from "../lib/domain/overview/series";
import { benchStore, percentile, timeRuns } from "./bench/timing";

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

async function time(label: string, run: () => Promise<unknown>): Promise<void> {
  const times = await timeRuns(run, RUNS, WARMUP);
  const ms = (value: number) => `${value.toFixed(1)} ms`.padStart(10);
  console.log(`${label.padEnd(34)} p50 ${ms(percentile(times, 50))}  p95 ${ms(percentile(times, 95))}`);
}

async function main() {
  if (!process.env.DATABASE_URL) throw new Error("Set DATABASE_URL to a PostgreSQL database.");
  const { db } = await getDatabase();
  const store = await benchStore(db);
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
