import os from "node:os";
import autocannon from "autocannon";
import { eq, sql } from "drizzle-orm";
import { closeDatabase, getDatabase } from "../lib/db";
import { inboundShipments } from "../lib/db/schema";
import { createApiKey } from "../lib/domain/api-keys";
import { createStore } from "../lib/domain/stores";
import { cpuBetween, postgresPids, snapshot } from "./bench/cpu";
import { serverPid } from "./bench/process-memory";
import { startBenchServer } from "./bench/server";

/**
 * `npm run bench:receive`: how many scans a second the receive API sustains on one inbound shipment of 500 lines
 * (goal: >= 200/s, p99 < 50 ms). Each request is what a dock scanner sends: a receipt of one unit of one line,
 * named by its UPC, round-robin over the lines, with `Prefer: return=minimal`; then the same scans answering the
 * shipment's whole detail. Every receipt of one shipment takes the shipment's row lock, so this measures the
 * serialised path on purpose. Baseline in the same run: the bench floor route (the wrapper, authentication and one
 * trivial prepared statement). A phase with any non-2xx answer or connection error fails the run, as in
 * `bench:api`: the rate counts successful requests only. Afterwards the shipment's received count must equal the
 * number of one-unit receipts in the database (every 201 of both phases and the warm-up, plus scans still in
 * flight when autocannon stopped counting): no scan lost. Each phase also prints its CPU per request (the server's
 * node process and the PostgreSQL processes, from /proc): the figure that does not move with the machine's other
 * load, where req/s does (the floor itself moved between 308 and 587 req/s from run to run on one machine).
 *
 * Needs DATABASE_URL (PostgreSQL; an empty database is migrated and gets its own store) and `npm run build`.
 */

const PORT = Number(process.env.BENCH_PORT ?? 3198);
const DURATION = Number(process.env.BENCH_SECONDS ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 8);
const LINES = 500;

type Measured = {
  rps: number;
  p50: number;
  p99: number;
  /** 2xx answers: every answer, since a phase with another one fails. */
  ok: number;
  /** CPU per answered request, ms: the app server's node process, and every PostgreSQL process. */
  nodeCpu?: number;
  pgCpu?: number;
};

async function main() {
  if (!process.env.DATABASE_URL) throw new Error("Set DATABASE_URL to a PostgreSQL database.");
  const database = await getDatabase();
  const { db } = database;
  const { storeId, locationId } = await db.transaction((tx) =>
    createStore(tx, { name: `Receive bench ${new Date().toISOString()}`, currency: "USD", timeZone: "UTC" }),
  );
  const { secret } = await createApiKey(db, { storeId, name: "receive bench" });
  const auth = { authorization: `Bearer ${secret}`, "content-type": "application/json" };
  const tag = Date.now().toString(36).toUpperCase();
  const upcs = Array.from({ length: LINES }, (_, n) => `9${tag.slice(-5)}${String(n).padStart(6, "0")}`);

  const server = await startBenchServer({
    port: PORT,
    env: { BACKROOM_BENCH: "1", BACKROOM_RATE_LIMIT_PER_MINUTE: "0", BACKROOM_REQUEST_LOG: "off" },
  });
  try {
    const base = `http://127.0.0.1:${PORT}/api/v2.2/stores/${storeId}`;
    const upload = await fetch(`${base}/products/bulk-upload`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({
        products: upcs.map((upc, n) => ({
          title: `Bench product ${n}`,
          external_id: `BENCH-${tag}-${n}`,
          variants: [{ sku: `BENCH-${tag}-${n}`, upc, price: 1000, currency: "USD" }],
        })),
      }),
    });
    if (!upload.ok) throw new Error(`bulk upload: ${upload.status} ${await upload.text()}`);
    const created = await fetch(`${base}/inbound-shipments`, {
      method: "POST",
      headers: auth,
      body: JSON.stringify({
        inbound_shipment: {
          location_id: locationId,
          shipment_id: `BENCH-${tag}`,
          status: "IN_TRANSIT",
          items: upcs.map((_, n) => ({ sku: `BENCH-${tag}-${n}`, quantity: 100_000 })),
        },
      }),
    });
    if (!created.ok) throw new Error(`create shipment: ${created.status} ${await created.text()}`);
    const shipmentId = ((await created.json()) as { inbound_shipment: { id: string } }).inbound_shipment.id;
    const receiptsUrl = `${base}/inbound-shipments/${shipmentId}/receipts`;

    const appPid = server.child.pid ? await serverPid(server.child.pid) : undefined;
    // CPU time around a measured phase, per answered request.
    const withCpu = async (phase: () => Promise<Measured>): Promise<Measured> => {
      const pids = () => [...(appPid ? [appPid] : []), ...postgresPids()];
      const before = snapshot(pids());
      const measured = await phase();
      const after = snapshot(pids());
      if (!appPid || measured.ok === 0) return measured;
      const app = new Set([appPid]);
      const pg = new Set(postgresPids());
      return {
        ...measured,
        nodeCpu: cpuBetween(before, after, app) / measured.ok,
        pgCpu: cpuBetween(before, after, pg) / measured.ok,
      };
    };

    let next = 0;
    const scan = () => JSON.stringify({ receipt: { lines: [{ upc: upcs[next++ % LINES], received: 1 }] } });
    // Warm-up, not measured: JIT, the pool's connections and prepared statements.
    await measure(receiptsUrl, auth, scan, 3);
    const floor = await withCpu(() =>
      measure(
        `http://127.0.0.1:${PORT}/api/bench/stores/${storeId}/floor?bytes=2000`,
        { authorization: auth.authorization },
        undefined,
      ),
    );
    // What a scanner sends: the receipt without the shipment's 150 KB detail in the answer.
    const receive = await withCpu(() => measure(receiptsUrl, { ...auth, prefer: "return=minimal" }, scan));
    const full = await withCpu(() => measure(receiptsUrl, auth, scan));

    // autocannon stops counting when its time is up, but the server finishes the scans in flight: wait for them,
    // then read the shipment's count and the receipts in one statement, so both see the same commits.
    await new Promise((resolve) => setTimeout(resolve, 3000));
    const [row] = await db
      .select({
        received: inboundShipments.receivedCount,
        // Spelled out: inside the subquery drizzle's unqualified "id" would name the receipt's own column.
        receipts: sql<number>`(select count(*)::int from inbound_receipts r where r.shipment_id = inbound_shipments.id)`,
        // Coalesced: the dispatcher renders one per window (1 s) after the first receipt, rendered by now.
        events: sql<number>`(select count(*)::int from events e where e.subject_id = inbound_shipments.id
          and e.topic = 'inbound_shipment' and e.type = 'updated')`,
        marks: sql<number>`(select count(*)::int from event_marks m where m.subject_id = inbound_shipments.id)`,
      })
      .from(inboundShipments)
      .where(eq(inboundShipments.id, shipmentId));
    const receipts = row?.receipts ?? 0;
    console.log(
      `\nReceive bench (${os.cpus().length} cores, ${DURATION} s, ${CONNECTIONS} connections, ${LINES} lines)`,
    );
    console.log(
      `floor (wrapper + auth + one statement): ${fmt(floor.rps)} req/s  p50 ${floor.p50} ms  p99 ${floor.p99} ms` +
        cpu(floor),
    );
    console.log(
      `scans (one-unit receipts by UPC):      ${fmt(receive.rps)} req/s  p50 ${receive.p50} ms  p99 ${receive.p99} ms` +
        `  (goal >= 200/s, p99 < 50 ms)  scans/floor ${(receive.rps / floor.rps).toFixed(2)}` +
        cpu(receive),
    );
    console.log(
      `scans answering the shipment (500 lines): ${fmt(full.rps)} req/s  p50 ${full.p50} ms  p99 ${full.p99} ms` +
        cpu(full),
    );
    console.log(
      `units received ${row?.received ?? 0}, one-unit receipts ${receipts} ` +
        `(${row?.received === receipts ? "no scan lost" : "MISMATCH"})`,
    );
    if (row?.received !== receipts) process.exitCode = 1;
    console.log(
      `inbound_shipment updated events: ${row?.events ?? 0} for ${receipts} receipts (coalesced), ` +
        `marks still pending ${row?.marks ?? 0}`,
    );
  } finally {
    await server.stop();
    await closeDatabase();
  }
}

function measure(
  url: string,
  headers: Record<string, string>,
  body: (() => string) | undefined,
  duration = DURATION,
): Promise<Measured> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url,
        headers,
        connections: CONNECTIONS,
        duration,
        requests: [
          body
            ? { method: "POST", setupRequest: (request) => ({ ...request, body: body() }) }
            : { method: "GET" },
        ],
      },
      (error, result) => {
        if (error) return reject(error);
        // A refused or failed request is cheaper than a receipt and would inflate the rate: fail instead.
        if (result.non2xx > 0 || result.errors > 0 || result.timeouts > 0) {
          return reject(
            new Error(
              `${url}: ${result.non2xx} non-2xx answers, ${result.errors} errors, ${result.timeouts} timeouts`,
            ),
          );
        }
        resolve({
          rps: result.requests.average,
          p50: result.latency.p50,
          p99: result.latency.p99,
          ok: result["2xx"],
        });
      },
    );
  });
}

const fmt = (n: number) => Math.round(n).toLocaleString("en-US");
const cpu = (m: Measured) =>
  m.nodeCpu === undefined || m.pgCpu === undefined
    ? ""
    : `\n    CPU per request: node ${m.nodeCpu.toFixed(2)} ms, PostgreSQL ${m.pgCpu.toFixed(2)} ms`;

await main();
