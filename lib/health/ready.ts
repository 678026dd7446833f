import { readConfig } from "../config";
import { openedDatabase } from "../db";
import { type MigrationStatus, migrationStatus } from "../db/migrate";
import { type DispatcherState, dispatcherState } from "../webhooks/run";
import { isShuttingDown } from "./lifecycle";

/**
 * GET /api/health/ready: can this process serve requests? The database must be open and answer one
 * statement within DATABASE_TIMEOUT_MS, this build's migrations must be applied (an instance never
 * migrates here: that happens once, at start-up), the in-process dispatcher must be running when it is
 * configured, and the process must not be shutting down. No secret, URL or error text from the driver
 * goes into the answer: only which check failed.
 *
 * Cheap enough to poll every second from several balancers: concurrent checks share one statement in
 * flight, and a finished result is reused for REUSE_MS, so no cached answer hides an outage for longer.
 * A database that hangs costs one pool connection, not one per poll.
 */

const DATABASE_TIMEOUT_MS = 1000;
const REUSE_MS = 500;

export type ReadyCheck = { ok: boolean; detail: string };
export type Readiness = {
  ready: boolean;
  checks: {
    process: ReadyCheck;
    database: ReadyCheck & { latencyMs?: number };
    migrations: ReadyCheck & Partial<Pick<MigrationStatus, "applied" | "known">>;
    dispatcher: ReadyCheck & { mode: "in-process" | "off"; state?: DispatcherState };
  };
};

type Probe = { at: number; done: boolean; result: Promise<DatabaseResult> };
type DatabaseResult =
  | { ok: true; latencyMs: number; migrations: MigrationStatus }
  | { ok: false; detail: string };

let probe: Probe | undefined;

function probeDatabase(now: number): Promise<DatabaseResult> {
  const database = openedDatabase();
  if (!database) return Promise.resolve({ ok: false, detail: "not open yet (starting)" });
  // Reuse the statement in flight, or a result younger than REUSE_MS.
  if (probe && (!probe.done || now - probe.at < REUSE_MS)) return probe.result;
  const started = performance.now();
  const current: Probe = {
    at: now,
    done: false,
    result: migrationStatus(database).then(
      (migrations): DatabaseResult => ({
        ok: true,
        latencyMs: Math.round((performance.now() - started) * 10) / 10,
        migrations,
      }),
      (error: unknown): DatabaseResult => {
        // The driver's message may name the host or user: the log gets it, the answer does not.
        console.error("Readiness check: the database query failed:", (error as Error).message);
        return { ok: false, detail: "the query failed (is the database reachable?)" };
      },
    ),
  };
  probe = current;
  void current.result.finally(() => {
    current.done = true;
    current.at = Date.now();
  });
  return current.result;
}

function withTimeout(result: Promise<DatabaseResult>): Promise<DatabaseResult> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<DatabaseResult>((resolve) => {
    timer = setTimeout(
      () => resolve({ ok: false, detail: `no answer within ${DATABASE_TIMEOUT_MS} ms` }),
      DATABASE_TIMEOUT_MS,
    );
  });
  return Promise.race([result, timeout]).finally(() => clearTimeout(timer));
}

export async function checkReadiness(): Promise<Readiness> {
  const config = readConfig();
  const shuttingDown = isShuttingDown();
  const db = await withTimeout(probeDatabase(Date.now()));
  const state = dispatcherState();
  const dispatcher =
    config.dispatcher === "off"
      ? { ok: true, mode: "off" as const, detail: "off in this process (workers deliver)" }
      : { ok: state === "running", mode: "in-process" as const, state, detail: `in-process, ${state}` };
  const migrations: Readiness["checks"]["migrations"] = db.ok
    ? {
        ok: db.migrations.status !== "behind",
        detail: db.migrations.status,
        applied: db.migrations.applied,
        known: db.migrations.known,
      }
    : { ok: false, detail: "unknown (database not checked)" };
  const checks: Readiness["checks"] = {
    process: { ok: !shuttingDown, detail: shuttingDown ? "shutting down" : "serving" },
    database: db.ok ? { ok: true, detail: "reachable", latencyMs: db.latencyMs } : db,
    migrations,
    dispatcher,
  };
  return { ready: Object.values(checks).every((check) => check.ok), checks };
}

/** Forgets the shared probe (tests). */
export function resetReadinessProbe(): void {
  probe = undefined;
}
