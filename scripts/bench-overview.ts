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
import { type BenchStore, benchStore, percentile, timeRuns } from "./bench/timing";

/**
 * `npm run bench:overview`: server time of the store overview (goal: p50 <= 300 ms on a store with 1M
 * shipments). Times the domain function `getStoreOverview` (what `GET /stores/{id}/overview` runs, without
 * HTTP) over BENCH_RUNS runs after BENCH_WARMUP, each of its five statements alone, and the cheapest query
 * (`select 1`) as the floor of a database round trip in the same run.
 *
 * Three of the five statements read returns, two read inbound shipments, so a store with shipments at scale
 * and no returns measures only two of them. Without BENCH_STORE_ID the bench runs on the store with the most
 * inbound shipments and, when it is another one, on the store with the most returns too; a store without
 * returns is said to be one. Needs DATABASE_URL (PostgreSQL), e.g. a fresh database after
 * `npm run seed -- --returns 100000` then `npm run seed -- --shipments 1000000`. Reads only.
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
  const byShipments = await benchStore(db, "shipments");
  const byReturns = await benchStore(db, "returns");
  for (const store of byReturns.id === byShipments.id ? [byShipments] : [byShipments, byReturns]) {
    await benchOverview(db, store);
  }
}

async function benchOverview(db: Db, store: BenchStore) {
  console.log(
    `\nStore ${store.name} (${store.id}): ${store.shipments.toLocaleString("en-US")} inbound shipments, ` +
      `${store.returns.toLocaleString("en-US")} returns; ${RUNS} runs after ${WARMUP} warm-up`,
  );
  if (store.returns === 0) {
    console.log("  (no returns: the three return statements below run on nothing)");
  }
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
