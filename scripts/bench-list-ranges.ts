import { sql } from "drizzle-orm";
import { closeDatabase, type Db, getDatabase } from "../lib/db";
import { createApiKey } from "../lib/domain/api-keys";
import {
  type ListInboundShipmentsInput,
  listInboundShipmentsJson,
} from "../lib/domain/inbound-shipments/list";
import { startBenchServer } from "./bench/server";
import { benchStore, percentile, timeRuns } from "./bench/timing";

/**
 * `npm run bench:list-ranges`: database time of a first page of inbound shipments (page size 20) under
 * created_at ranges of every shape, against the unfiltered first page in the same run (issue 15 goal 2:
 * within 1.5x). Times the domain function the list route runs (listInboundShipmentsJson, one prepared
 * statement), sequentially, without HTTP, so the ratio compares query shapes and not the machine's load.
 *
 * With BENCH_HTTP=1 it times whole GET requests to a production server it starts (`npm start`; build
 * first), one at a time, which is the goal's measure: latency of the API's first page.
 *
 * Needs DATABASE_URL (PostgreSQL, e.g. after `npm run seed -- --shipments 1000000`); the store is
 * BENCH_STORE_ID or the one with the most shipments. Ranges are placed relative to the store's newest
 * shipment, so they mean the same on any seed. Reads only.
 */

const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 30);
const ROUNDS = 10;
/** BENCH_HTTP=1: time GET requests to a production server (`npm run build` first) instead of the function. */
const HTTP = process.env.BENCH_HTTP === "1";
const PORT = Number(process.env.BENCH_PORT ?? 3198);

/** The list route's query string for domain filters (the bench's scenarios use only these three). */
function queryOf(filters: Partial<ListInboundShipmentsInput>): string {
  const query = new URLSearchParams();
  if (filters.status) query.set("status", filters.status);
  if (filters.createdAtMin) query.set("created_at_min", filters.createdAtMin.toISOString());
  if (filters.createdAtMax) query.set("created_at_max", filters.createdAtMax.toISOString());
  return query.toString();
}

async function httpMeasure(db: Db, storeId: string) {
  const { secret } = await createApiKey(db, { storeId, name: `bench ${new Date().toISOString()}` });
  const server = await startBenchServer({
    port: PORT,
    // The server inherits DATABASE_URL; as in bench:api, no rate limit and no request log.
    env: { BACKROOM_REQUEST_LOG: "off", BACKROOM_RATE_LIMIT_PER_MINUTE: "0" },
  });
  const base = `http://127.0.0.1:${PORT}/api/v2.2/stores/${storeId}/inbound-shipments?`;
  return {
    async get(filters: Partial<ListInboundShipmentsInput>) {
      const response = await fetch(base + queryOf(filters), {
        headers: { authorization: `Bearer ${secret}`, "x-page-size": "20" },
      });
      if (!response.ok) throw new Error(`${response.status} ${await response.text()}`);
      await response.arrayBuffer();
    },
    stop: () => server.stop(),
  };
}
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
    `${HTTP ? "HTTP GET, one request at a time" : "listInboundShipmentsJson"}. Store ${store.name} (${store.id}): ${store.shipments.toLocaleString("en-US")} inbound shipments; ` +
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
  const measure = HTTP ? await httpMeasure(db, store.id) : undefined;
  // Scenarios take turns, ROUNDS rounds of RUNS / ROUNDS calls each, so a change in the machine's load
  // during the run weighs on all of them alike and the ratios stay comparable.
  const samples = scenarios.map(() => [] as number[]);
  for (let round = 0; round < ROUNDS; round++) {
    for (const [index, [, filters]] of scenarios.entries()) {
      const run = measure
        ? () => measure.get(filters)
        : () =>
            listInboundShipmentsJson(db, {
              storeId: store.id,
              limit: 20,
              publicUrl: "http://bench",
              ...filters,
            });
      samples[index]?.push(...(await timeRuns(run, RUNS / ROUNDS, round === 0 ? WARMUP : 0)));
    }
  }
  await measure?.stop();
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
