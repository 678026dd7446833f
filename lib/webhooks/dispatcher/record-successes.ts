import { sql } from "drizzle-orm";
import type { Db } from "../../db";
import { executePrepared } from "../../db/prepared";
import { newId } from "../../ids";
import type { RequestBodyReference } from "../request-record";

/**
 * Successful attempts recorded in batches: ONE statement writes every queued success (each delivery's new
 * state, only while this worker still holds its lease; its attempt row; the webhooks' health), instead of a
 * statement per delivery. The batch forms by itself: the first success is written at once, and those that
 * finish while a write is in flight go together in the next one, so an idle worker adds no delay and a busy
 * one spends one round trip, parse and plan on many deliveries.
 *
 * Only successes: their health update is the same for every attempt of a webhook (end any failing run, keep
 * last_success_at to the second), while a failure increments a counter and may disable the webhook, which
 * one UPDATE cannot apply twice to one row; failures keep attempt.ts's statement of their own.
 */

export type SuccessRecord = {
  deliveryId: string;
  attemptedAt: Date;
  durationMs: number;
  status: number | null;
  excerpt: string | null;
  headers: Record<string, string>;
  body: RequestBodyReference;
};

/** Deliveries per statement (one jsonb parameter: no bind-parameter limit, just a bounded statement). */
const MAX_BATCH = 200;
/** last_success_at is kept to this resolution on a healthy webhook (as in attempt.ts). */
const SUCCESS_RESOLUTION_MS = 1_000;

type Pending = { record: SuccessRecord; resolve: (held: boolean) => void; reject: (error: unknown) => void };

export class SuccessRecorder {
  private queue: Pending[] = [];
  private flushing = false;

  constructor(
    private readonly db: Db,
    private readonly workerId: string,
    private readonly clock: () => Date,
  ) {}

  /** Resolves true once written, false when the lease was lost (nothing written for that delivery). */
  record(record: SuccessRecord): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.queue.push({ record, resolve, reject });
      if (!this.flushing) {
        this.flushing = true;
        // Successes that completed in the same turn of the event loop join the first write.
        setImmediate(() => void this.flush());
      }
    });
  }

  private async flush(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue.splice(0, MAX_BATCH);
      try {
        const held = await writeSuccesses(
          this.db,
          this.workerId,
          this.clock(),
          batch.map((p) => p.record),
        );
        for (const p of batch) p.resolve(held.has(p.record.deliveryId));
      } catch (error) {
        // The leases stay: the deliveries are retried when they expire (at least once).
        for (const p of batch) p.reject(error);
      }
    }
    this.flushing = false;
  }
}

async function writeSuccesses(
  db: Db,
  workerId: string,
  now: Date,
  records: readonly SuccessRecord[],
): Promise<Set<string>> {
  const input = JSON.stringify(
    records.map((r) => ({
      delivery_id: r.deliveryId,
      attempt_id: newId("deliveryAttempt"),
      attempted_at: r.attemptedAt.toISOString(),
      duration_ms: Math.max(0, Math.round(r.durationMs)),
      response_status: r.status,
      excerpt: r.excerpt,
      request_headers: r.headers,
      body_kind: r.body.kind,
      body_sha256: r.body.sha256,
      body_bytes: r.body.bytes,
    })),
  );
  const nowIso = now.toISOString();
  const healthyAfter = new Date(now.getTime() - SUCCESS_RESOLUTION_MS).toISOString();
  const rows = await executePrepared<{ id: string }>(
    db,
    sql`
    with input as (
      select * from jsonb_to_recordset(${input}::jsonb) as x(delivery_id text, attempt_id text,
        attempted_at timestamptz, duration_ms int, response_status int, excerpt text, request_headers jsonb,
        body_kind text, body_sha256 text, body_bytes int)
    ),
    held as (
      update webhook_deliveries d
      set status = 'delivered', attempt_count = d.attempt_count + 1, last_attempt_at = i.attempted_at,
        completed_at = ${nowIso}::timestamptz, lease_owner = null, lease_expires_at = null
      from input i
      where d.id = i.delivery_id and d.lease_owner = ${workerId} and d.status = 'pending'
      returning d.id, d.webhook_id, d.attempt_count
    ),
    attempt as (
      -- The number comes from the row, not the claim: the row is what later attempts count from.
      insert into delivery_attempts (id, delivery_id, attempt_number, attempted_at, duration_ms,
        response_status, error, response_body_excerpt, request_headers, request_body_kind,
        request_body_sha256, request_body_bytes)
      select i.attempt_id, h.id, h.attempt_count, i.attempted_at, i.duration_ms, i.response_status, null,
        i.excerpt, i.request_headers, i.body_kind, i.body_sha256, i.body_bytes
      from held h join input i on i.delivery_id = h.id
    ),
    health as (
      update webhooks w
      set consecutive_failures = 0, last_success_at = ${nowIso}::timestamptz, failing_since = null
      where w.id in (select webhook_id from held)
        and (w.consecutive_failures > 0 or w.failing_since is not null or w.last_success_at is null
          or w.last_success_at < ${healthyAfter}::timestamptz)
    )
    select id from held`,
  );
  return new Set(rows.map((row) => row.id));
}
