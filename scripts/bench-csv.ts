import { type ChildProcess, execFile } from "node:child_process";
import { promisify } from "node:util";
import { eq, sql } from "drizzle-orm";
import { closeDatabase, getDatabase } from "../lib/db";
import { inboundShipments, locations, productVariants } from "../lib/db/schema";
import { bulkStoreId } from "../lib/demo/bulk";
import { createApiKey } from "../lib/domain/api-keys";
import { startBenchServer } from "./bench/server";

/**
 * `npm run bench:csv`: the CSV import and export through a production server (`npm run build` first) on
 * PostgreSQL with the "Bulk Depot" store (`npm run seed -- --shipments 1000000`). It imports a generated
 * 100,000-line shipments file (10,000 shipments of 10 lines) and exports every shipment line of the store,
 * sampling the server's resident memory every 250 ms, and prints lines/s, rows/s, time to first byte and
 * peak memory, each with a baseline from the same run: the import against the check of the same file (what
 * writing costs over reading and checking), the export against the server sending the same number of bytes
 * from memory (what producing the rows costs over the transport).
 */

const PORT = Number(process.env.BENCH_PORT ?? 3198);
const LINES = Number(process.env.BENCH_IMPORT_LINES ?? 100_000);
const LINES_PER_SHIPMENT = 10;
const run = promisify(execFile);
// BENCH_GC_EVERY_MS=500: a diagnostic run forcing a full collection that often, to read the live peak.
const GC_EVERY_MS = Number(process.env.BENCH_GC_EVERY_MS ?? 0);

async function main() {
  if (!process.env.DATABASE_URL)
    throw new Error("Set DATABASE_URL to the PostgreSQL database seeded with --shipments.");
  const { db } = await getDatabase();
  const storeId = bulkStoreId();
  const variants = await db
    .select({ sku: productVariants.sku })
    .from(productVariants)
    .where(eq(productVariants.storeId, storeId));
  const [location] = await db.select().from(locations).where(eq(locations.storeId, storeId)).limit(1);
  if (!location || variants.length < LINES_PER_SHIPMENT)
    throw new Error("No Bulk Depot store: seed it first.");
  const shipments = await db.$count(inboundShipments, eq(inboundShipments.storeId, storeId));
  // The export's rows: one per shipment line, and one per shipment without lines (the import adds LINES).
  const counted = await db.execute<{ rows: number }>(sql`
    select (select count(*) from inbound_shipment_items i join inbound_shipments s on s.id = i.shipment_id
            where s.store_id = ${storeId})::int
      + (select count(*) from inbound_shipments s where s.store_id = ${storeId}
           and not exists (select 1 from inbound_shipment_items i where i.shipment_id = s.id))::int as rows`);
  exportRows = Number(counted.rows[0]?.rows ?? 0) + LINES;
  const { secret } = await createApiKey(db, { storeId, name: `bench csv ${new Date().toISOString()}` });
  await closeDatabase();

  const tag = Date.now().toString(36).toUpperCase();
  const rows = ["shipment_id,location,sku,quantity,carrier,estimated_arrival_date"];
  for (let i = 0; i < LINES; i++) {
    const shipment = Math.floor(i / LINES_PER_SHIPMENT);
    const sku = variants[i % LINES_PER_SHIPMENT]?.sku;
    rows.push(
      `BENCH-${tag}-${shipment},${location.name},${sku},${1 + (i % 40)},UPS,2026-12-${String(1 + (shipment % 28)).padStart(2, "0")}`,
    );
  }
  const file = `${rows.join("\n")}\n`;
  console.log(
    `Store: ${shipments.toLocaleString("en-US")} shipments; import file: ${LINES.toLocaleString("en-US")} lines, ${mb(file.length)}`,
  );

  const bench = await startBenchServer({
    port: PORT,
    env: { BACKROOM_BENCH: "1", BACKROOM_RATE_LIMIT_PER_MINUTE: "0", BACKROOM_DISPATCHER: "off" },
  });
  const server = bench.child;
  try {
    const base = `http://127.0.0.1:${PORT}/api/v2.2/stores/${storeId}/inbound-shipments`;
    const auth = { Authorization: `Bearer ${secret}` };
    const upload = (path: string) =>
      fetch(`${base}${path}`, {
        method: "POST",
        headers: { ...auth, "Content-Type": "text/csv" },
        body: file,
      });

    const idle = await serverMemory(true);
    const check = await measure(server, async () => {
      const response = await upload("/import/check");
      const report = (await response.json()) as { import: { error_count: number; create: number } };
      if (report.import.error_count > 0)
        throw new Error(`the bench file has errors: ${JSON.stringify(report).slice(0, 500)}`);
      return report.import.create;
    });
    const imported = await measure(server, async () => {
      const response = await upload("/import");
      const text = await response.text();
      if (!text.includes('"type":"done"')) throw new Error(`the import failed: ${text.slice(-500)}`);
      return LINES;
    });
    // The export is downloaded by curl, discarding the bytes, and its rows counted by the database: Node's
    // fetch reading 1.2 GB was itself the bottleneck (the client at 70-90 % CPU, the server at 20-30 %).
    const exported = await measure(server, async (firstByte) => {
      const { stdout } = await run("curl", [
        "-sS",
        "-o",
        "/dev/null",
        "-H",
        `Authorization: Bearer ${secret}`,
        "-w",
        "%{time_starttransfer} %{size_download}",
        `${base}/export`,
      ]);
      const [ttfb, bytes] = stdout.trim().split(" ").map(Number);
      firstByte((ttfb ?? 0) * 1000);
      exportBytes = bytes ?? 0;
      return exportRows;
    });
    // The constant route serves at most 10 MB a request: ten of them give the transport's bytes/s.
    let transportBytes = 0;
    const transport = await measure(server, async (firstByte) => {
      for (let i = 0; i < 10; i++) {
        const response = await fetch(`http://127.0.0.1:${PORT}/api/bench/constant?bytes=10000000`);
        const reader = (response.body as ReadableStream<Uint8Array>).getReader();
        for (;;) {
          const { done, value } = await reader.read();
          if (done) break;
          firstByte();
          transportBytes += value.byteLength;
        }
      }
      return 0;
    });
    console.log("\n| What | Rows | Time | Rows/s | Time to first byte | Peak server RSS |");
    console.log("|---|---|---|---|---|---|");
    const row = (name: string, m: Measured, count = m.count) =>
      console.log(
        `| ${name} | ${fmt(count)} | ${(m.ms / 1000).toFixed(1)} s | ${count ? fmt((count / m.ms) * 1000) : "–"} | ${m.firstByteMs === undefined ? "–" : `${fmt(m.firstByteMs)} ms`} | ${fmt(m.peakRssMb)} MB |`,
      );
    row("Check the import file (baseline)", check, LINES);
    row("Import 100,000 lines", imported);
    row("Export every shipment line", exported);
    row(`Send ${mb(transportBytes)} from memory (baseline)`, transport, 0);
    printMemory(idle, [
      ["Check", check],
      ["Import", imported],
      ["Export", exported],
      ["Send from memory", transport],
    ]);
    const exportRate = exportBytes / exported.ms;
    const transportRate = transportBytes / transport.ms;
    console.log(
      `\nExport file: ${mb(exportBytes)}. Import / check: ${(imported.ms / check.ms).toFixed(2)}x the time. ` +
        `Export bytes/s / transport bytes/s: ${(exportRate / transportRate).toFixed(3)}. Server RSS before: ${fmt(check.startRssMb)} MB.`,
    );
  } finally {
    await bench.stop();
  }
}

let exportBytes = 0;
let exportRows = 0;
type Measured = {
  ms: number;
  count: number;
  firstByteMs?: number;
  peakRssMb: number;
  startRssMb: number;
  memory: ServerMemory;
};
/** What the memory bench route (app/api/bench/memory) answers: bytes now and peaks since the last reset. */
type MemoryFigures = {
  rss: number;
  heapUsed: number;
  heapTotal: number;
  external: number;
  arrayBuffers: number;
};
type ServerMemory = {
  now: MemoryFigures;
  peaks: MemoryFigures & {
    liveAfterFullGc: number;
    fullGcs: number;
    spacesAtPeakRss: Record<string, number>;
  };
};

async function serverMemory(reset: boolean): Promise<ServerMemory> {
  const response = await fetch(
    `http://127.0.0.1:${PORT}/api/bench/memory${reset ? `?reset=1&gcEveryMs=${GC_EVERY_MS}` : ""}`,
  );
  return (await response.json()) as ServerMemory;
}

/**
 * Runs `work`, sampling the server's resident memory every 250 ms with `ps`, and reading the server's own peaks
 * (RSS and heap, sampled in the server every 100 ms) from the memory bench route after it.
 */
async function measure(
  server: ChildProcess,
  work: (firstByte: (atMs?: number) => void) => Promise<number>,
): Promise<Measured> {
  const pid = server.pid as number;
  await serverMemory(true);
  const startRssMb = await treeRssMb(pid);
  let peakRssMb = startRssMb;
  let sampling = true;
  const sampler = (async () => {
    while (sampling) {
      peakRssMb = Math.max(peakRssMb, await treeRssMb(pid));
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  })();
  const started = performance.now();
  let firstByteMs: number | undefined;
  try {
    const count = await work((atMs) => {
      firstByteMs ??= atMs ?? performance.now() - started;
    });
    const ms = performance.now() - started;
    return { ms, count, firstByteMs, peakRssMb, startRssMb, memory: await serverMemory(false) };
  } finally {
    sampling = false;
    await sampler;
  }
}

/**
 * Resident memory of the largest process under the server (it runs under npm and tsx; the node process serving
 * requests is the big one), in MB, from one `ps` listing. Sampled every 250 ms without blocking: the sampler
 * must not slow the client it runs in.
 */
async function treeRssMb(root: number): Promise<number> {
  const { stdout } = await run("ps", ["-e", "-o", "pid=,ppid=,rss="]);
  const table = stdout
    .trim()
    .split("\n")
    .map((line) => line.trim().split(/\s+/).map(Number) as [number, number, number]);
  const inTree = new Set([root]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [pid, ppid] of table) {
      if (inTree.has(ppid) && !inTree.has(pid)) {
        inTree.add(pid);
        grew = true;
      }
    }
  }
  return (
    table.filter(([pid]) => inTree.has(pid)).reduce((largest, [, , rss]) => Math.max(largest, rss), 0) / 1024
  );
}

/** The server's RSS and heap, idle and at each run's peak, in MB (the heap's spaces at the RSS peak below it). */
function printMemory(idle: ServerMemory, runs: [string, Measured][]): void {
  const m = (bytes: number) => fmt(bytes / 1024 / 1024);
  console.log(
    "\n| Server memory (MB) | RSS | heapUsed | heapTotal | external | arrayBuffers | Live after full GC (GCs) |",
  );
  console.log("|---|---|---|---|---|---|---|");
  const i = idle.now;
  console.log(
    `| Idle | ${m(i.rss)} | ${m(i.heapUsed)} | ${m(i.heapTotal)} | ${m(i.external)} | ${m(i.arrayBuffers)} | – |`,
  );
  for (const [name, run] of runs) {
    const p = run.memory.peaks;
    console.log(
      `| ${name} (peak) | ${m(p.rss)} | ${m(p.heapUsed)} | ${m(p.heapTotal)} | ${m(p.external)} | ${m(p.arrayBuffers)} | ${p.fullGcs ? m(p.liveAfterFullGc) : "–"} (${p.fullGcs}) |`,
    );
  }
  for (const [name, run] of runs) {
    const spaces = Object.entries(run.memory.peaks.spacesAtPeakRss)
      .filter(([, used]) => used >= 1024 * 1024)
      .map(([space, used]) => `${space} ${m(used)}`);
    console.log(`${name}: heap spaces at the RSS peak (MB): ${spaces.join(", ")}`);
  }
  const after = runs.at(-1)?.[1].memory.now;
  if (after) console.log(`After the runs: RSS ${m(after.rss)} MB, heapUsed ${m(after.heapUsed)} MB.`);
}

const fmt = (n: number) => Math.round(n).toLocaleString("en-US");
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MB`;

await main();
