import { readdirSync, readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import type { Db } from "../../lib/db";

/**
 * CPU time of processes from /proc (Linux), for benches whose deliveries/s depend on how busy the machine
 * is: CPU per unit of work is the load-independent figure, and on a quiet machine the throughput ceiling is
 * cores / CPU per unit. Resolution is one clock tick (10 ms), so measure over thousands of units.
 */

/** Clock ticks per second of /proc's utime and stime (USER_HZ, 100 on every Linux that matters here). */
const TICKS_PER_S = 100;

/** utime + stime of a process in ms, or null when it is gone (or /proc is not there). */
export function processCpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // Fields after the command name (which may hold spaces and parentheses): state is field 3, utime 14.
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_S;
  } catch {
    return null;
  }
}

/** CPU ms per pid. */
export type CpuSnapshot = Map<number, number>;

export function snapshot(pids: Iterable<number>): CpuSnapshot {
  const out: CpuSnapshot = new Map();
  for (const pid of pids) {
    const ms = processCpuMs(pid);
    if (ms !== null) out.set(pid, ms);
  }
  return out;
}

/**
 * CPU spent between two snapshots, summed over the pids of `after` (a pid new since `before` counts from
 * zero). A process that exited in between is lost, so take `after` before stopping what is measured.
 */
export function cpuBetween(before: CpuSnapshot, after: CpuSnapshot, only?: ReadonlySet<number>): number {
  let total = 0;
  for (const [pid, ms] of after) {
    if (only && !only.has(pid)) continue;
    total += ms - (before.get(pid) ?? 0);
  }
  return total;
}

/** Every process named `postgres` on the machine (backends of every database, and the server's own). */
export function postgresPids(): number[] {
  const pids: number[] = [];
  for (const entry of readdirSync("/proc")) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      if (readFileSync(`/proc/${entry}/comm`, "utf8").trim() === "postgres") pids.push(Number(entry));
    } catch {
      // Exited while we listed.
    }
  }
  return pids;
}

/** Backend pids of the connections whose application_name is `name` (the server must be this machine). */
export async function backendPids(db: Db, name: string): Promise<Set<number>> {
  const { rows } = await db.execute<{ pid: number }>(
    sql`select pid from pg_stat_activity where application_name = ${name}`,
  );
  return new Set(rows.map((row) => row.pid));
}

/** The 1-minute load average, to print beside figures that depend on it. */
export function loadAverage(): string {
  try {
    return readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(" ");
  } catch {
    return "n/a";
  }
}
