import os from "node:os";
import path from "node:path";
import autocannon from "autocannon";
import { closeDatabase, getDatabase } from "../lib/db";
import { prepareListBench } from "./bench/list-load";
import { residentMb, serverPid } from "./bench/process-memory";
import { startBenchServer } from "./bench/server";

/**
 * `npm run bench:memory` (after `npm run build`, DATABASE_URL at the database `npm run seed -- --shipments
 * 1000000` filled): one production server (`npm start`) under the list benchmark's load for
 * BENCH_MEMORY_MINUTES (default 10): List inbound shipments at page size 20, each request the next of the
 * filters (none, status, location, created range) × pages (first, second, 100 and 10,000 pages deep), 8
 * connections. Every 10 s it reads the server process's VmRSS (/proc/<pid>/status of the node process under npm
 * and sh) and its heap (the memory bench route), then prints the series as a chart, RSS at minute 2 and at the
 * end, the growth between them and the largest RSS. The server's request log goes to a file, as in production.
 *
 * Goal: RSS < 400 MB, and no growth from minute 2 to the end: under 5 % between the two samples and
 * under 5 % along the least-squares line through every sample between them (no slow steady climb either).
 */

const PORT = Number(process.env.BENCH_PORT ?? 3196);
const MINUTES = Number(process.env.BENCH_MEMORY_MINUTES ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const SAMPLE_MS = 10_000;
const PAGE_SIZE = 20;
const GROWTH_LIMIT = 0.05;

type Sample = { seconds: number; rssMb: number; heapUsedMb: number };
type Variant = { path: string; headers: Record<string, string> };

async function loadVariants(): Promise<{ variants: Variant[]; storeId: string }> {
  const { db } = await getDatabase();
  try {
    const bench = await prepareListBench(db);
    const variants: Variant[] = [];
    for (const query of bench.filters) {
      const search = new URLSearchParams(query).toString();
      const pathname = `/api/v2.2/stores/${bench.storeId}/inbound-shipments${search ? `?${search}` : ""}`;
      const headers = { authorization: `Bearer ${bench.secret}`, "x-page-size": String(PAGE_SIZE) };
      variants.push({ path: pathname, headers });
      for (const pagesDeep of [1, 100, 10_000]) {
        const marker = await bench.deepMarker(query, PAGE_SIZE, pagesDeep);
        if (marker) variants.push({ path: pathname, headers: { ...headers, "x-page-continue": marker } });
      }
    }
    return { variants, storeId: bench.storeId };
  } finally {
    await closeDatabase();
  }
}

function runLoad(base: string, variants: Variant[], seconds: number): Promise<autocannon.Result> {
  let next = 0;
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: base,
        connections: CONNECTIONS,
        duration: seconds,
        requests: [
          {
            setupRequest: (request) => {
              const variant = variants[next++ % variants.length] as Variant;
              return { ...request, path: variant.path, headers: { ...request.headers, ...variant.headers } };
            },
          },
        ],
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

async function heapUsedMb(base: string): Promise<number> {
  const answer = (await (await fetch(`${base}/api/bench/memory`)).json()) as { now: { heapUsed: number } };
  return answer.now.heapUsed / 1024 / 1024;
}

/** The sample nearest `seconds`. */
const at = (samples: Sample[], seconds: number) =>
  samples.reduce((best, s) => (Math.abs(s.seconds - seconds) < Math.abs(best.seconds - seconds) ? s : best));

/** Least-squares slope of RSS over time, MB per second. */
function slope(samples: Sample[]): number {
  const n = samples.length;
  const mx = samples.reduce((sum, s) => sum + s.seconds, 0) / n;
  const my = samples.reduce((sum, s) => sum + s.rssMb, 0) / n;
  const num = samples.reduce((sum, s) => sum + (s.seconds - mx) * (s.rssMb - my), 0);
  const den = samples.reduce((sum, s) => sum + (s.seconds - mx) ** 2, 0);
  return den === 0 ? 0 : num / den;
}

const clock = (seconds: number) => `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, "0")}`;

function printChart(samples: Sample[]): void {
  const max = Math.max(...samples.map((s) => s.rssMb));
  const min = Math.min(...samples.map((s) => s.rssMb));
  const floor = Math.max(0, Math.floor((min - 20) / 10) * 10);
  console.log(`\n  time    RSS MB  heap MB   (bars from ${floor} MB)`);
  for (const s of samples) {
    const bar = "█".repeat(Math.round(((s.rssMb - floor) / Math.max(max - floor, 1)) * 50));
    console.log(
      `  ${clock(s.seconds).padStart(5)}  ${s.rssMb.toFixed(0).padStart(6)}  ${s.heapUsedMb.toFixed(0).padStart(7)}   ${bar}`,
    );
  }
}

async function main() {
  if (!process.env.DATABASE_URL)
    throw new Error("Set DATABASE_URL to the PostgreSQL database seeded with --shipments 1000000.");
  const { variants } = await loadVariants();
  const base = `http://127.0.0.1:${PORT}`;
  const logFile = path.join(os.tmpdir(), `bench-memory-server-${PORT}.log`);
  const load = () =>
    os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(" ");
  console.log(
    `${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, load average ${load()}; ${variants.length} ` +
      `request variants, ${CONNECTIONS} connections, ${MINUTES} min; server log: ${logFile}`,
  );
  const server = await startBenchServer({
    port: PORT,
    logFile,
    env: { BACKROOM_BENCH: "1", BACKROOM_RATE_LIMIT_PER_MINUTE: "0" },
  });
  try {
    const pid = await serverPid(server.child.pid as number);
    const sample = async (seconds: number): Promise<Sample> => ({
      seconds,
      rssMb: await residentMb(pid),
      heapUsedMb: await heapUsedMb(base),
    });
    const idle = await sample(0);
    console.log(
      `Server pid ${pid}; idle RSS ${idle.rssMb.toFixed(0)} MB, heap ${idle.heapUsedMb.toFixed(0)} MB`,
    );
    const total = MINUTES * 60;
    // A few seconds more load than samples, so the last sample is taken under load.
    const loading = runLoad(base, variants, total + 5);
    const started = performance.now();
    const samples: Sample[] = [];
    for (let seconds = SAMPLE_MS / 1000; seconds <= total; seconds += SAMPLE_MS / 1000) {
      await new Promise((resolve) => setTimeout(resolve, started + seconds * 1000 - performance.now()));
      const s = await sample(seconds);
      samples.push(s);
      if (seconds % 60 === 0)
        console.log(`  minute ${seconds / 60}: RSS ${s.rssMb.toFixed(0)} MB, load ${load()}`);
    }
    const result = await loading;
    printChart(samples);

    const from = at(samples, Math.min(120, Math.round(total / 5)));
    const to = at(samples, total);
    const growth = (to.rssMb - from.rssMb) / from.rssMb;
    const window = samples.filter((s) => s.seconds >= from.seconds);
    const trend = (slope(window) * (to.seconds - from.seconds)) / from.rssMb;
    const max = samples.reduce((best, s) => (s.rssMb > best.rssMb ? s : best));
    console.log(
      `\n${Math.round(result.requests.average)} req/s, ${result.requests.total.toLocaleString("en-US")} requests ` +
        `(${result.non2xx} non-2xx, ${result.errors} errors), p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms`,
    );
    console.log(
      `RSS at ${clock(from.seconds)}: ${from.rssMb.toFixed(0)} MB; at ${clock(to.seconds)}: ${to.rssMb.toFixed(0)} MB; ` +
        `growth ${(growth * 100).toFixed(1)} %, along the trend line ${(trend * 100).toFixed(1)} %; ` +
        `max ${max.rssMb.toFixed(0)} MB at ${clock(max.seconds)}. Load average at the end ${load()}.`,
    );
    const stable = growth < GROWTH_LIMIT && trend < GROWTH_LIMIT;
    console.log(
      `Goal RSS < 400 MB: ${max.rssMb < 400 ? "met" : "not met"}; no growth (< 5 % end to end and along the trend): ` +
        `${stable ? "met" : "not met"}.`,
    );
  } finally {
    await server.stop();
  }
}

await main();
