import os from "node:os";
import autocannon from "autocannon";
import { closeDatabase, getDatabase } from "../lib/db";
import { prepareListBench } from "./bench/list-load";
import { startBenchServer } from "./bench/server";

/**
 * `npm run bench:api`: load test of List inbound shipments against a production server on PostgreSQL
 * with the "Bulk Depot" store (`npm run seed -- --shipments 1000000` first). For page sizes 20 and 500,
 * with no filter and with each filter, it measures the first page and a page deep in the list (10,000
 * pages deep at size 20), and a constant JSON route returning a body of the same size, then prints
 * requests/s, p50, p99 and the ratios list/constant and deep/first.
 */

const PORT = Number(process.env.BENCH_PORT ?? 3199);
const DURATION = Number(process.env.BENCH_SECONDS ?? 6);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);

type Scenario = { name: string; pageSize: number; query: Record<string, string>; deep: boolean };
/** Latencies in ms; autocannon reports p50/p99 in whole ms, so ratios near 10 ms also use the mean. */
type Measured = { rps: number; p50: number; p99: number; mean: number; bytes: number };

async function main() {
  if (!process.env.DATABASE_URL)
    throw new Error("Set DATABASE_URL to the PostgreSQL database seeded with --shipments.");
  const database = await getDatabase();
  const { db } = database;
  const { storeId, secret, filters, deepMarker } = await prepareListBench(db);
  const scenarios: Scenario[] = [];
  // BENCH_PAGE_SIZES=20 runs only the page-size-20 scenarios (the throughput goal's).
  const pageSizes = (process.env.BENCH_PAGE_SIZES ?? "20,500").split(",").map(Number);
  for (const pageSize of pageSizes) {
    for (const query of filters) {
      for (const deep of [false, true]) {
        const label = Object.keys(query).join("+") || "no filter";
        scenarios.push({
          name: `size ${pageSize}, ${label}, ${deep ? "deep" : "first"} page`,
          pageSize,
          query,
          deep,
        });
      }
    }
  }

  // The deep page: 10,000 pages in, or the last page of a shorter filtered set.
  const markerFor = (scenario: Scenario) =>
    scenario.deep ? deepMarker(scenario.query, scenario.pageSize, 10_000) : Promise.resolve(undefined);

  const server = await startBenchServer({
    port: PORT,
    // The limit is off unless BENCH_RATE_LIMIT_PER_MINUTE is given: 1000000 measures the limiter's cost
    // (the shared one on PostgreSQL) without refusing anything.
    env: {
      BACKROOM_BENCH: "1",
      BACKROOM_RATE_LIMIT_PER_MINUTE: process.env.BENCH_RATE_LIMIT_PER_MINUTE ?? "0",
    },
  });
  try {
    const base = `http://127.0.0.1:${PORT}`;
    const results: Result[] = [];
    // Warm-up, not measured: JIT, the pool's connections and their prepared statements. Without it the
    // first scenario measured a cold server (in one run its deep page looked 1.5 times slower than later).
    const warmHeaders = { authorization: `Bearer ${secret}` };
    await measure(`${base}/api/v2.2/stores/${storeId}/inbound-shipments`, warmHeaders, 3);
    await measure(`${base}/api/bench/stores/${storeId}/floor?bytes=30000`, warmHeaders, 2);
    await measure(`${base}/api/bench/constant?bytes=30000`, {}, 2);
    for (const scenario of scenarios) {
      const search = new URLSearchParams(scenario.query).toString();
      const url = `${base}/api/v2.2/stores/${storeId}/inbound-shipments${search ? `?${search}` : ""}`;
      const headers: Record<string, string> = {
        authorization: `Bearer ${secret}`,
        "x-page-size": String(scenario.pageSize),
      };
      const marker = await markerFor(scenario);
      if (marker) headers["x-page-continue"] = marker;
      const probe = await fetch(url, { headers });
      if (probe.status !== 200) throw new Error(`${scenario.name}: ${probe.status} ${await probe.text()}`);
      const bytes = (await probe.arrayBuffer()).byteLength;
      const list = await measure(url, headers);
      const constant = await measure(`${base}/api/bench/constant?bytes=${bytes}`, {});
      // The floor: same wrapper and auth, one trivial prepared statement, same body size (first pages only).
      const floorUrl = `${base}/api/bench/stores/${storeId}/floor?bytes=${bytes}`;
      const bearer = { authorization: `Bearer ${secret}` };
      const floor = scenario.deep ? undefined : await measure(floorUrl, bearer);
      const wrapper = scenario.deep ? undefined : await measure(`${floorUrl}&db=0`, bearer);
      results.push({ scenario, list, constant, floor, wrapper });
      console.log(
        `${scenario.name.padEnd(58)} ${fmt(list.rps)} req/s  p50 ${list.p50} ms  p99 ${list.p99} ms  ` +
          `(${bytes} B; constant ${fmt(constant.rps)} req/s` +
          `${floor && wrapper ? `, wrapper only ${fmt(wrapper.rps)}, floor ${fmt(floor.rps)} req/s` : ""})  ` +
          `list/constant ${(list.rps / constant.rps).toFixed(2)}` +
          (floor ? `  floor/constant ${(floor.rps / constant.rps).toFixed(2)}` : ""),
      );
    }
    printSummary(results);
  } finally {
    await server.stop();
    await closeDatabase();
  }
}

function measure(url: string, headers: Record<string, string>, duration = DURATION): Promise<Measured> {
  return new Promise((resolve, reject) => {
    autocannon({ url, headers, connections: CONNECTIONS, duration }, (error, result) => {
      if (error) return reject(error);
      if (result.non2xx > 0) return reject(new Error(`${url}: ${result.non2xx} non-2xx answers`));
      resolve({
        rps: result.requests.average,
        p50: result.latency.p50,
        p99: result.latency.p99,
        mean: result.latency.average,
        bytes: result.throughput.average,
      });
    });
  });
}

type Result = {
  scenario: Scenario;
  list: Measured;
  constant: Measured;
  floor?: Measured;
  wrapper?: Measured;
};

function printSummary(results: Result[]) {
  console.log(`\nSummary (${os.cpus().length} cores, ${DURATION} s per run, ${CONNECTIONS} connections)`);
  const size20 = results.filter((r) => r.scenario.pageSize === 20 && !r.scenario.deep);
  const ratio = (r: { list: Measured; constant: Measured }) => r.list.rps / r.constant.rps;
  console.log(
    `list / constant throughput at page size 20 (first pages): min ${Math.min(...size20.map(ratio)).toFixed(2)}, ` +
      `mean ${(size20.reduce((s, r) => s + ratio(r), 0) / size20.length).toFixed(2)} (goal >= 0.7)`,
  );
  const wrappers = size20.flatMap((r) => (r.wrapper ? [r.wrapper.rps / r.constant.rps] : []));
  if (wrappers.length > 0) {
    console.log(
      `wrapper only / constant at page size 20 (auth, scoping, parsing; no database): ` +
        `min ${Math.min(...wrappers).toFixed(2)}, max ${Math.max(...wrappers).toFixed(2)}`,
    );
  }
  const floors = size20.flatMap((r) => (r.floor ? [r.floor.rps / r.constant.rps] : []));
  if (floors.length > 0) {
    console.log(
      `floor / constant at page size 20 (wrapper + auth + one trivial prepared statement, same bytes): ` +
        `min ${Math.min(...floors).toFixed(2)}, max ${Math.max(...floors).toFixed(2)}`,
    );
  }
  for (const pageSize of [20, 500]) {
    const pairs = results.filter((r) => r.scenario.pageSize === pageSize && r.scenario.deep);
    for (const deep of pairs) {
      const first = results.find(
        (r) =>
          !r.scenario.deep && r.scenario.pageSize === pageSize && r.scenario.query === deep.scenario.query,
      );
      if (!first) continue;
      console.log(
        `deep / first p50 latency, ${deep.scenario.name.replace(", deep page", "")}: ` +
          `${(deep.list.p50 / Math.max(first.list.p50, 0.001)).toFixed(2)} ` +
          `(mean ${(deep.list.mean / Math.max(first.list.mean, 0.001)).toFixed(2)}) (goal <= 1.2)`,
      );
    }
  }
}

const fmt = (n: number) => Math.round(n).toLocaleString("en-US");

await main();
