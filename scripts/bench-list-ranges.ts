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
 * `npm run bench:list-ranges`: a first page of inbound shipments (page size 20) under created_at ranges of every
 * shape, against the unfiltered first page in the same run (goal: within 1.5x). Two measures, both printed:
 * - the query: the domain function the list route runs (listInboundShipmentsJson, one prepared statement),
 *   sequentially, without HTTP, so the ratio compares query shapes alone;
 * - with BENCH_HTTP=1, also whole GET requests to a production server it starts (`npm start`; build first), one
 *   at a time: the API's latency, where the request's fixed cost (routing, authentication, JSON) is added to
 *   every scenario alike and so brings the ratios closer to 1.
 * A goal met over HTTP but not by the query alone is reported as such, not as met.
 *
 * Needs DATABASE_URL (PostgreSQL, e.g. after `npm run seed -- --shipments 1000000`); the store is
 * BENCH_STORE_ID or the one with the most shipments. Ranges are placed relative to the store's newest
 * shipment, so they mean the same on any seed. Reads only.
 */

const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const WARMUP = Number(process.env.BENCH_WARMUP ?? 30);
const ROUNDS = 10;
/** BENCH_HTTP=1: also time GET requests to a production server (`npm run build` first). */
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
const GOAL = 1.5;

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
    `listInboundShipmentsJson${HTTP ? " and HTTP GET, one request at a time" : ""}. Store ${store.name} (${store.id}): ${store.shipments.toLocaleString("en-US")} inbound shipments; ` +
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
  const http = HTTP ? await httpMeasure(db, store.id) : undefined;
  type Measure = [name: string, get: (filters: Partial<ListInboundShipmentsInput>) => Promise<unknown>];
  const measures: Measure[] = [
    [
      "query",
      (filters) =>
        listInboundShipmentsJson(db, { storeId: store.id, limit: 20, publicUrl: "http://bench", ...filters }),
    ],
  ];
  if (http) measures.push(["HTTP", (filters) => http.get(filters)]);
  // Scenarios (and the two measures) take turns, ROUNDS rounds of RUNS / ROUNDS calls each, so a change in the
  // machine's load during the run weighs on all of them alike and the ratios stay comparable.
  const samples = measures.map(() => scenarios.map(() => [] as number[]));
  for (let round = 0; round < ROUNDS; round++) {
    for (const [index, [, filters]] of scenarios.entries()) {
      for (const [m, [, get]] of measures.entries()) {
        const times = await timeRuns(() => get(filters), RUNS / ROUNDS, round === 0 ? WARMUP : 0);
        samples[m]?.[index]?.push(...times);
      }
    }
  }
  await http?.stop();
  const stats = samples.map((perScenario) =>
    perScenario.map((times) => {
      times.sort((a, b) => a - b);
      return { p50: percentile(times, 50), p95: percentile(times, 95) };
    }),
  );
  const cell = (m: number, index: number) => {
    const s = stats[m]?.[index];
    const base = stats[m]?.[0]?.p50 ?? Number.NaN;
    if (!s) return "";
    return `${measures[m]?.[0]}: p50 ${s.p50.toFixed(2).padStart(7)} ms  p95 ${s.p95.toFixed(2).padStart(7)} ms  x${(s.p50 / base).toFixed(2)}`;
  };
  for (const [index, [label]] of scenarios.entries()) {
    console.log(`${label.padEnd(30)} ${measures.map((_, m) => cell(m, index)).join("   ")}`);
  }
  // The goal's verdict per measure: the worst range against the unfiltered page (the two baselines are no range).
  for (const [m, [name]] of measures.entries()) {
    const base = stats[m]?.[0]?.p50 ?? Number.NaN;
    const ratios = scenarios
      .map(([label], index) => ({ label, ratio: (stats[m]?.[index]?.p50 ?? Number.NaN) / base }))
      .filter(({ label }) => !label.endsWith("(baseline)"));
    const worst = ratios.reduce((a, b) => (b.ratio > a.ratio ? b : a));
    console.log(
      `${name}: ranges ${Math.min(...ratios.map((r) => r.ratio)).toFixed(2)}-${worst.ratio.toFixed(2)}x the unfiltered page ` +
        `(worst: ${worst.label}); goal <= ${GOAL}x ${worst.ratio <= GOAL ? "met" : "NOT met"}`,
    );
  }
}

main()
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  })
  .finally(() => closeDatabase());
