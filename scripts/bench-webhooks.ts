import { randomBytes } from "node:crypto";
import os from "node:os";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { closeDatabase, getDatabase } from "../lib/db";
import type { Db } from "../lib/db/client";
import { returns, stores, webhookDeliveries, webhooks } from "../lib/db/schema";
import { recordReturnEvent } from "../lib/domain/events/record";
import { newId } from "../lib/ids";
import { backendPids, cpuBetween, loadAverage, postgresPids, snapshot } from "./bench/cpu";
import {
  type Receiver,
  spawnWorker,
  startReceiver,
  stopWorker,
  WORKER_APPLICATION_NAME,
} from "./bench/webhook-processes";
import {
  type CpuPer1000,
  fmt,
  type LatencyRow,
  printReport,
  type ThroughputRow,
} from "./bench/webhook-report";

/**
 * `npm run bench:webhooks`: webhook delivery throughput and latency against PostgreSQL (DATABASE_URL,
 * a database with demo returns: `npm run seed` on an empty database first).
 *
 * It adds one `return` webhook to every store that has returns and no other enabled `return` webhook,
 * pointing at a receiver on 127.0.0.1 in its own process that answers 200 at once and records arrival times,
 * then measures:
 * (a) throughput: BENCH_EVENTS events (default 5,000, ten per return, written ahead in transactions of
 *     100 events) drained by 1, then 2 worker processes (`scripts/worker.ts`, exactly what `npm run
 *     worker` runs: its LISTEN/NOTIFY wake-ups, pool and default concurrency), as deliveries/s;
 * (b) latency: with 1 worker process running, events committed one per transaction at each of BENCH_RATES
 *     per second (default 200, then 20) for BENCH_SECONDS (default 10), from the moment the commit returned to the moment
 *     the receiver got the request (same process, same clock), p50/p99.
 * Beside each drain's deliveries/s it prints the CPU time per 1,000 deliveries of each process involved (the
 * workers, their PostgreSQL backends told apart by application_name, the receiver; from /proc), which does
 * not depend on how busy the machine is: on a quiet machine, cores / CPU per delivery is the ceiling.
 * BENCH_WORKERS (default "1,2") picks the drains; BENCH_CPU_PROF=<dir> makes their workers write V8 CPU
 * profiles there.
 * Worker processes rather than in-process dispatchers: that is how delivery scales out in production,
 * and it keeps the receiver and the event writer off the workers' event loop.
 * Everything it created (webhooks, events, deliveries, attempts) is deleted at the end.
 */

const EVENTS = Number(process.env.BENCH_EVENTS ?? 5000);
/** Paced rates for (b); the low one shows the latency without queueing behind the worker. */
const RATES = (process.env.BENCH_RATES ?? "200,20").split(",").map(Number);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const WORKER_COUNTS = (process.env.BENCH_WORKERS ?? "1,2").split(",").map(Number);

/** Wall-clock milliseconds, comparable with the receiver process's stamps. */
const wallNow = () => performance.timeOrigin + performance.now();

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, Math.max(0, ms)));

async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs: number, what: string) {
  const deadline = performance.now() + timeoutMs;
  while (!(await check())) {
    if (performance.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))] as number;
}

async function pendingCount(db: Db, webhookIds: string[]): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(webhookDeliveries)
    .where(and(inArray(webhookDeliveries.webhookId, webhookIds), eq(webhookDeliveries.status, "pending")));
  return row?.n ?? 0;
}

async function attemptStats(db: Db, webhookIds: string[]) {
  const { rows } = await db.execute<{ deliveries: number; attempts: number; failed: number }>(sql`
    select count(distinct d.id)::int as deliveries, count(a.id)::int as attempts,
      count(a.id) filter (where a.response_status is null or a.response_status >= 300)::int as failed
    from webhook_deliveries d left join delivery_attempts a on a.delivery_id = d.id
    where d.webhook_id in (select jsonb_array_elements_text(${JSON.stringify(webhookIds)}::jsonb))`);
  return rows[0] ?? { deliveries: 0, attempts: 0, failed: 0 };
}

type Subject = { storeId: string; returnId: string };

/** `count` events, `perReturn` per return in order, in transactions of 100 events, 4 at a time. */
async function writeBacklog(db: Db, subjects: Subject[], count: number): Promise<number> {
  const perReturn = Math.max(1, Math.ceil(count / subjects.length));
  const plan: Subject[] = [];
  for (const subject of subjects) {
    for (let i = 0; i < perReturn && plan.length < count; i++) plan.push(subject);
  }
  // A batch holds whole returns (their events in order), so concurrent transactions never share a return.
  const batches: Subject[][] = [];
  for (let i = 0; i < plan.length; i += 100) batches.push(plan.slice(i, i + 100));
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next < batches.length) {
        const batch = batches[next++] as Subject[];
        await db.transaction(async (tx) => {
          for (const s of batch) await recordReturnEvent(tx, { ...s, type: "updated" });
        });
      }
    }),
  );
  return plan.length / ((performance.now() - started) / 1000);
}

/** BENCH_CPU_PROF=dir: the throughput runs' workers write a V8 CPU profile there (node --cpu-prof). */
const workerArgs = process.env.BENCH_CPU_PROF
  ? ["--cpu-prof", `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`]
  : [];

async function throughput(
  db: Db,
  databaseUrl: string,
  receiver: Receiver,
  subjects: Subject[],
  webhookIds: string[],
  workers: number,
): Promise<ThroughputRow> {
  const before = await attemptStats(db, webhookIds);
  const writeRate = await writeBacklog(db, subjects, EVENTS);
  console.log(`  ${fmt(EVENTS)} events written at ${fmt(writeRate)} events/s; starting ${workers} worker(s)`);
  const base = receiver.arrivals.size;
  const target = base + EVENTS;
  const started = performance.now();
  const running = Array.from({ length: workers }, () => spawnWorker(databaseUrl, workerArgs));
  let cpu: CpuPer1000;
  try {
    await Promise.all(running.map((w) => w.ready));
    const workerPids = running.map((w) => w.child.pid as number);
    const pids = () => [...workerPids, receiver.pid, ...postgresPids()];
    const cpuBefore = snapshot(pids());
    const benchBefore = process.cpuUsage();
    await waitUntil(() => receiver.arrivals.size >= target, 300_000, "the backlog to be received");
    await waitUntil(async () => (await pendingCount(db, webhookIds)) === 0, 60_000, "deliveries to settle");
    // Read before the workers stop: their backends exit with them.
    const cpuAfter = snapshot(pids());
    const bench = process.cpuUsage(benchBefore);
    const backends = await backendPids(db, WORKER_APPLICATION_NAME);
    const per1000 = (ms: number) => (ms * 1000) / EVENTS;
    const pg = new Set(postgresPids());
    cpu = {
      workers: per1000(cpuBetween(cpuBefore, cpuAfter, new Set(workerPids))),
      workerBackends: per1000(cpuBetween(cpuBefore, cpuAfter, backends)),
      receiver: per1000(cpuBetween(cpuBefore, cpuAfter, new Set([receiver.pid]))),
      bench: per1000((bench.user + bench.system) / 1000),
      otherPostgres: per1000(
        cpuBetween(cpuBefore, cpuAfter, new Set([...pg].filter((pid) => !backends.has(pid)))),
      ),
    };
  } catch (error) {
    for (const w of running) console.error(w.output());
    throw error;
  } finally {
    await Promise.all(running.map(stopWorker));
  }
  const drainS = (performance.now() - started) / 1000;
  const times = [...receiver.arrivals.values()].slice(base).map((a) => a.at);
  const windowS = (Math.max(...times) - Math.min(...times)) / 1000;
  const after = await attemptStats(db, webhookIds);
  return {
    workers,
    deliveries: times.length,
    windowS,
    perS: (times.length - 1) / windowS,
    drainS,
    attempts: after.attempts - before.attempts,
    failed: after.failed - before.failed,
    cpu,
    load: loadAverage(),
  };
}

async function latency(
  db: Db,
  databaseUrl: string,
  receiver: Receiver,
  subjects: Subject[],
  webhookIds: string[],
  rate: number,
) {
  const worker = spawnWorker(databaseUrl);
  const committed = new Map<string, number>();
  const write = async (subject: Subject) => {
    const event = await db.transaction((tx) => recordReturnEvent(tx, { ...subject, type: "updated" }));
    committed.set(event.id, wallNow());
    return event.id;
  };
  const received = (eventIds: Set<string>) =>
    [...receiver.arrivals.values()].filter((a) => eventIds.has(a.eventId)).length;
  try {
    await worker.ready;
    // Warm-up: the worker's LISTEN connection is up once a first event gets through.
    const warm = new Set([await write(subjects[0] as Subject), await write(subjects[1] as Subject)]);
    await waitUntil(() => received(warm) === warm.size, 30_000, "the warm-up events");
    committed.clear();

    const total = Math.round(rate * SECONDS);
    const writes: Promise<string>[] = [];
    const started = performance.now();
    for (let i = 0; i < total; i++) {
      await sleep(started + (i * 1000) / rate - performance.now());
      // Round-robin over the returns: one return's events are seconds apart, so never written concurrently.
      writes.push(write(subjects[i % subjects.length] as Subject));
    }
    const ids = new Set(await Promise.all(writes));
    const writtenS = (performance.now() - started) / 1000;
    await waitUntil(() => received(ids) === ids.size, 60_000, "the paced events to be received");
    await waitUntil(async () => (await pendingCount(db, webhookIds)) === 0, 60_000, "deliveries to settle");
    const latencies = [...receiver.arrivals.values()]
      .filter((a) => ids.has(a.eventId))
      .map((a) => a.at - (committed.get(a.eventId) as number))
      .sort((a, b) => a - b);
    return {
      target: rate,
      events: ids.size,
      rate: ids.size / writtenS,
      p50: percentile(latencies, 0.5),
      p90: percentile(latencies, 0.9),
      p99: percentile(latencies, 0.99),
      max: latencies[latencies.length - 1] as number,
    };
  } catch (error) {
    console.error(worker.output());
    throw error;
  } finally {
    await stopWorker(worker);
  }
}

async function main() {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) throw new Error("Set DATABASE_URL to a PostgreSQL database with the demo data.");
  const database = await getDatabase();
  const { db } = database;

  // Stores with returns whose events would go to no other enabled webhook (real subscribers get nothing).
  const candidates = await db
    .select({ id: stores.id, name: stores.name, returns: sql<number>`count(${returns.id})::int` })
    .from(stores)
    .innerJoin(returns, eq(returns.storeId, stores.id))
    .groupBy(stores.id, stores.name);
  const busy = await db
    .selectDistinct({ storeId: webhooks.storeId })
    .from(webhooks)
    .where(and(eq(webhooks.topic, "return"), isNull(webhooks.disabledAt)));
  const busyIds = new Set(busy.map((b) => b.storeId));
  const chosen = candidates.filter((s) => !busyIds.has(s.id));
  for (const s of candidates.filter((c) => busyIds.has(c.id)))
    console.log(`Skipping ${s.name}: it has enabled return webhooks of its own.`);
  if (chosen.length === 0)
    throw new Error("No store with returns and without enabled return webhooks: run `npm run seed` first.");
  const subjects = await db
    .select({ storeId: returns.storeId, returnId: returns.id })
    .from(returns)
    .where(
      inArray(
        returns.storeId,
        chosen.map((s) => s.id),
      ),
    )
    .orderBy(returns.id);

  const receiver = await startReceiver();
  const webhookIds: string[] = [];
  try {
    for (const store of chosen) {
      const id = newId("webhook");
      await db.insert(webhooks).values({
        id,
        storeId: store.id,
        url: receiver.url,
        topic: "return",
        signingSecret: `whsec_${randomBytes(24).toString("base64")}`,
      });
      webhookIds.push(id);
    }
    const [pgVersion] = (
      await db.execute<{ v: string }>(sql`select current_setting('server_version') as v`)
    ).rows.map((r) => r.v);
    const cpu = os.cpus();
    console.log(
      `Webhook delivery bench: ${cpu.length} × ${cpu[0]?.model ?? "cpu"}, ${fmt(os.totalmem() / 2 ** 30)} GiB, ` +
        `Node ${process.versions.node}, PostgreSQL ${pgVersion}; ${subjects.length} returns in ` +
        `${chosen.map((s) => s.name).join(", ")}; worker concurrency ${process.env.BACKROOM_WEBHOOK_CONCURRENCY ?? "16 (default)"}; load average ${loadAverage()}\n`,
    );

    const rows: ThroughputRow[] = [];
    for (const workers of WORKER_COUNTS) {
      console.log(`(a) throughput, ${workers} worker process(es)`);
      rows.push(await throughput(db, databaseUrl, receiver, subjects, webhookIds, workers));
    }
    const lats: LatencyRow[] = [];
    for (const rate of RATES) {
      console.log(`(b) latency, 1 worker process, ${rate} events/s for ${SECONDS} s`);
      lats.push(await latency(db, databaseUrl, receiver, subjects, webhookIds, rate));
    }

    printReport(rows, lats);
    console.log(
      `Receiver: ${fmt(await receiver.requests())} requests for ${fmt(receiver.arrivals.size)} deliveries.`,
    );
  } finally {
    // Deleting the events cascades to their deliveries and attempts; then the webhooks themselves.
    if (webhookIds.length > 0) {
      const ids = JSON.stringify(webhookIds);
      await db.execute(sql`
        delete from events where id in (
          select event_id from webhook_deliveries
          where webhook_id in (select jsonb_array_elements_text(${ids}::jsonb)))`);
      await db.delete(webhooks).where(inArray(webhooks.id, webhookIds));
      console.log(`Cleaned up ${webhookIds.length} webhook(s) and their events.`);
    }
    await receiver.close();
    await closeDatabase();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
