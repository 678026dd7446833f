/**
 * bench:webhooks' report: the throughput table, CPU per 1,000 deliveries by process, latency, and the
 * goals (deliveries/s with one and with two worker processes, p50 at 200 events/s).
 */

const GOAL_ONE_WORKER = 1000;
const GOAL_TWO_WORKERS = 1400;
const GOAL_P50_MS = 5;

export const fmt = (n: number, digits = 0) =>
  n.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });

/** CPU ms per 1,000 deliveries, by process, over the drain (worker ready → last delivery settled). */
export type CpuPer1000 = {
  workers: number;
  workerBackends: number;
  receiver: number;
  bench: number;
  /** Every other `postgres` process on the machine: the server's own, and other databases' backends. */
  otherPostgres: number;
};

export type ThroughputRow = {
  workers: number;
  deliveries: number;
  windowS: number;
  perS: number;
  drainS: number;
  attempts: number;
  failed: number;
  cpu: CpuPer1000;
  load: string;
};

export type LatencyRow = {
  target: number;
  events: number;
  rate: number;
  p50: number;
  p90: number;
  p99: number;
  max: number;
};

export function printReport(rows: readonly ThroughputRow[], lats: readonly LatencyRow[]): void {
  console.log("\nThroughput (backlog drained; rate over first → last arrival)\n");
  console.log(
    "| Workers | Deliveries | Window s | Deliveries/s | Per worker | Drain incl. start-up s | Attempts | Failed |",
  );
  console.log("|---|---|---|---|---|---|---|---|");
  for (const r of rows) {
    console.log(
      `| ${r.workers} | ${fmt(r.deliveries)} | ${fmt(r.windowS, 2)} | ${fmt(r.perS)} | ${fmt(r.perS / r.workers)} | ${fmt(r.drainS, 2)} | ${fmt(r.attempts)} | ${r.failed} |`,
    );
  }
  console.log(
    "\nCPU ms per 1,000 deliveries over the drain, by process (load-independent; ceiling ≈ cores × 1,000,000 / total)\n",
  );
  console.log(
    "| Workers | Worker process(es) | Their PG backends | Receiver | Total | Ceiling on 2 cores/s | Bench process | Other postgres (machine) | Load avg |",
  );
  console.log("|---|---|---|---|---|---|---|---|---|");
  for (const r of rows) {
    const total = r.cpu.workers + r.cpu.workerBackends + r.cpu.receiver;
    console.log(
      `| ${r.workers} | ${fmt(r.cpu.workers)} | ${fmt(r.cpu.workerBackends)} | ${fmt(r.cpu.receiver)} | ${fmt(total)} | ${fmt(2e6 / total)} | ${fmt(r.cpu.bench)} | ${fmt(r.cpu.otherPostgres)} | ${r.load} |`,
    );
  }
  for (const r of rows) {
    const goal = r.workers === 1 ? GOAL_ONE_WORKER : r.workers === 2 ? GOAL_TWO_WORKERS : null;
    if (goal === null) continue;
    console.log(
      `Goal ≥ ${fmt(goal)} deliveries/s with ${r.workers} worker(s): ${r.perS >= goal ? "met" : "NOT met"} (${fmt(r.perS)}/s)`,
    );
  }
  console.log("\nLatency, commit returned → request received\n");
  console.log("| Target rate/s | Events | Achieved rate/s | p50 ms | p90 ms | p99 ms | max ms |");
  console.log("|---|---|---|---|---|---|---|");
  for (const lat of lats) {
    console.log(
      `| ${fmt(lat.target)} | ${fmt(lat.events)} | ${fmt(lat.rate)} | ${fmt(lat.p50, 1)} | ${fmt(lat.p90, 1)} | ${fmt(lat.p99, 1)} | ${fmt(lat.max, 1)} |`,
    );
  }
  for (const lat of lats) {
    console.log(
      `Goal p50 < ${GOAL_P50_MS} ms at ${fmt(lat.target)}/s: ${lat.p50 < GOAL_P50_MS ? "met" : "NOT met"} (${fmt(lat.p50, 1)} ms)`,
    );
  }
}
