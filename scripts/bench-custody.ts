import os from "node:os";
import { performance } from "node:perf_hooks";
import { sql } from "drizzle-orm";
import { closeDatabase, type Db, getDatabase } from "../lib/db";
import { lookUpCustody } from "../lib/domain/inspection/custody";
import { percentile, timeRuns } from "./bench/timing";

/**
 * `npm run bench:custody`: the chain-of-custody look-up at inspection (docs/inspection.md) at scale: one store with
 * BENCH_SERIALS serials received (1,000,000, over 10,000 receipts, bins B-00..B-99) and BENCH_RETURNED of them
 * (10,000) already seen on a return. Times the domain function `checkReturnCustody` runs for its answer
 * (`lookUpCustody`, without HTTP or the writes) for received, returned and unknown serials, against `select 1` in
 * the same run, and the statement's own time in the database (EXPLAIN ANALYZE's execution time, p50 of the same
 * number of runs), which is the issue's goal (< 5 ms). Needs DATABASE_URL at a throwaway PostgreSQL database: it
 * makes its own store there (`str_benchcustody…`) and leaves it; a second run on the same database fails on it.
 */

const SERIALS = Number(process.env.BENCH_SERIALS ?? 1_000_000);
const RETURNED = Number(process.env.BENCH_RETURNED ?? 10_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 20);
const STORE = "str_benchcustody0000000000";

async function seed(db: Db): Promise<void> {
  await db.execute(sql`insert into stores (id, name) values (${STORE}, 'Custody bench')`);
  // Receipts of 100 units each, a day apart, into one of 100 bins.
  await db.execute(sql`insert into custody_identifiers (store_id, identifier, kind, source, inbound_shipment_id,
      receipt_id, location_id, bin, recorded_at)
    select ${STORE}, 'SN-' || lpad(n::text, 8, '0'), 'serial', 'receipt', 'inb_bench' || (n / 1000),
      'rcp_bench' || (n / 100), 'loc_bench', 'B-' || lpad(((n / 100) % 100)::text, 2, '0'),
      now() - make_interval(days => 400) + make_interval(secs => n)
    from generate_series(0, ${SERIALS - 1}) n`);
  // Every hundredth serial came back once already.
  await db.execute(sql`insert into custody_identifiers (store_id, identifier, kind, source, return_id,
      return_item_id, verdict, recorded_at)
    select ${STORE}, 'SN-' || lpad((n * 100)::text, 8, '0'), 'serial', 'return', 'ret_bench' || n, 'rti_bench' || n,
      'received', now() - make_interval(days => 10)
    from generate_series(0, ${RETURNED - 1}) n`);
  await db.execute(sql`analyze custody_identifiers`);
}

const serial = (n: number) => `SN-${String(n).padStart(8, "0")}`;

async function main() {
  if (!process.env.DATABASE_URL) throw new Error("Set DATABASE_URL to a PostgreSQL database.");
  const { db } = await getDatabase();
  const started = performance.now();
  await seed(db);
  const [counts] = (
    await db.execute<{ rows: number }>(
      sql`select count(*)::int as rows from custody_identifiers where store_id = ${STORE}`,
    )
  ).rows;
  console.log(
    `${counts?.rows.toLocaleString("en-US")} custody rows (${SERIALS.toLocaleString("en-US")} received, ` +
      `${RETURNED.toLocaleString("en-US")} returned); seeded in ${((performance.now() - started) / 1000).toFixed(1)} s; ` +
      `${RUNS} runs after ${WARMUP} warm-up; ${os.cpus().length} cores, load average ${os.loadavg()[0]?.toFixed(1)}`,
  );
  let n = 0;
  // Received only: serials that are not a multiple of 100; returned: multiples of 100; unknown: past the end.
  const received = () =>
    lookUpCustody(db, { storeId: STORE, identifier: serial(((n++ * 7919) % SERIALS) | 1) });
  const returned = () =>
    lookUpCustody(db, {
      storeId: STORE,
      identifier: serial(((n++ * 37) % RETURNED) * 100),
      returnId: "ret_x",
    });
  const unknown = () => lookUpCustody(db, { storeId: STORE, identifier: serial(SERIALS + (n++ % 1000)) });
  const answers = [await received(), await returned(), await unknown()];
  console.log(`answers: ${answers.map((a) => `${a.identifier} ${a.verdict} (${a.summary})`).join("; ")}`);

  /** The look-up's statement in the database alone: EXPLAIN ANALYZE's execution time, ascending. */
  const inDatabase = async (identifier: () => string) => {
    const times: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const plan = await db.execute<{ "QUERY PLAN": string }>(sql`explain (analyze, timing off)
        select
          (select json_build_object('receipt_id', c.receipt_id, 'bin', c.bin, 'at', c.recorded_at)
             from custody_identifiers c
            where c.store_id = ${STORE} and c.identifier = ${identifier()} and c.source = 'receipt'
            order by c.recorded_at desc limit 1) as received,
          (select json_build_object('return_id', c.return_id, 'at', c.recorded_at)
             from custody_identifiers c
            where c.store_id = ${STORE} and c.identifier = ${identifier()} and c.source = 'return'
              and c.return_id is distinct from 'ret_x'
            order by c.recorded_at desc limit 1) as returned`);
      const line = plan.rows
        .map((row) => row["QUERY PLAN"])
        .find((text) => text.startsWith("Execution Time"));
      times.push(Number(/([\d.]+) ms/.exec(line ?? "")?.[1] ?? Number.NaN));
    }
    return times.sort((a, b) => a - b);
  };

  const results: [string, number[]][] = [
    ["baseline: select 1", await timeRuns(() => db.execute(sql`select 1`), RUNS, WARMUP)],
    ["look-up, received serial", await timeRuns(received, RUNS, WARMUP)],
    ["look-up, returned serial", await timeRuns(returned, RUNS, WARMUP)],
    ["look-up, unknown serial", await timeRuns(unknown, RUNS, WARMUP)],
    [
      "in the database (EXPLAIN ANALYZE), random serial",
      await inDatabase(() => serial((n++ * 7919) % SERIALS)),
    ],
  ];
  const floor = percentile(results[0]?.[1] ?? [], 50);
  console.log("| Measure | p50 | p95 | p50 / select 1 |\n|---|---|---|---|");
  for (const [label, times] of results) {
    const p50 = percentile(times, 50);
    console.log(
      `| ${label} | ${p50.toFixed(3)} ms | ${percentile(times, 95).toFixed(3)} ms | ${(p50 / floor).toFixed(1)}x |`,
    );
  }
  const plan = await db.execute<{ "QUERY PLAN": string }>(sql`explain analyze
    select c.receipt_id from custody_identifiers c
    where c.store_id = ${STORE} and c.identifier = ${serial(424242)} and c.source = 'receipt'
    order by c.recorded_at desc limit 1`);
  console.log(plan.rows.map((row) => row["QUERY PLAN"]).join("\n"));
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => closeDatabase());
