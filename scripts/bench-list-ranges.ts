import { sql } from "drizzle-orm";
import { closeDatabase, getDatabase } from "../lib/db";
import {
  type ListInboundShipmentsInput,
  listInboundShipmentsJson,
} from "../lib/domain/inbound-shipments/list";
import { benchStore, percentile, timeRuns } from "./bench/timing";

/**
 * `npm run bench:list-ranges`: database time of a first page of inbound shipments (page size 20) under
 * created_at ranges of every shape, against the unfiltered first page in the same run (issue 15 goal 2:
 * within 1.5x). Times the domain function the list route runs (listInboundShipmentsJson, one prepared
 * statement), sequentially, without HTTP, so the ratio compares query shapes and not the machine's load.
 *
 * Needs DATABASE_URL (PostgreSQL, e.g. after `npm run seed -- --shipments 1000000`); the store is
 * BENCH_STORE_ID or the one with the most shipments. Ranges are placed relative to the store's newest
 * shipment, so they mean the same on any seed. Reads only.
 */

const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 30);
const ROUNDS = 10;
const DAY = 86_400_000;

async function main() {
  if (!process.env.DATABASE_URL) throw new Error("Set DATABASE_URL to a PostgreSQL database.");
  const { db } = await getDatabase();
  const store = await benchStore(db);
  const { rows } = await db.execute<{ newest: string }>(
    sql`select max(created_at)::text as newest from inbound_shipments where store_id = ${store.id}`,
  );
  const newest = Date.parse(rows[0]?.newest ?? "");
  const ago = (days: number) => new Date(newest - days * DAY);
  console.log(
    `Store ${store.name} (${store.id}): ${store.shipments.toLocaleString("en-US")} inbound shipments; ` +
      `page size 20, ${RUNS} runs after ${WARMUP} warm-up; ranges end N days before the newest shipment`,
  );

  const scenarios: [string, Partial<ListInboundShipmentsInput>][] = [
    ["no filter (baseline)", {}],
    ["6 months ending 3 months ago", { createdAtMin: ago(270), createdAtMax: ago(90) }],
    ["1 day, 6 months ago", { createdAtMin: ago(181), createdAtMax: ago(180) }],
    ["created before 9 months ago", { createdAtMax: ago(270) }],
    ["created since 3 months ago", { createdAtMin: ago(90) }],
    ["10 years around the data", { createdAtMin: ago(3650), createdAtMax: ago(-3650) }],
    ["status RECEIVED (baseline)", { status: "RECEIVED" }],
    ["status RECEIVED + 6 months", { status: "RECEIVED", createdAtMin: ago(270), createdAtMax: ago(90) }],
    ["status PENDING + 6 months", { status: "PENDING", createdAtMin: ago(270), createdAtMax: ago(90) }],
  ];
  // Scenarios take turns, ROUNDS rounds of RUNS / ROUNDS calls each, so a change in the machine's load
  // during the run weighs on all of them alike and the ratios stay comparable.
  const samples = scenarios.map(() => [] as number[]);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [index, [, filters]] of scenarios.entries()) {
      const run = () =>
        listInboundShipmentsJson(db, { storeId: store.id, limit: 20, publicUrl: "http://bench", ...filters });
      samples[index]?.push(...(await timeRuns(run, RUNS / ROUNDS, round === 0 ? WARMUP : 0)));
    }
  }
  const p50s = samples.map((times) =>
    percentile(
      times.sort((a, b) => a - b),
      50,
    ),
  );
  for (const [index, [label]] of scenarios.entries()) {
    const times = samples[index] ?? [];
    const p50 = p50s[index] ?? Number.NaN;
    console.log(
      `${label.padEnd(30)} p50 ${p50.toFixed(2).padStart(7)} ms  p95 ${percentile(times, 95).toFixed(2).padStart(7)} ms` +
        `  / no filter ${(p50 / (p50s[0] ?? Number.NaN)).toFixed(2)}`,
    );
  }
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => closeDatabase());
