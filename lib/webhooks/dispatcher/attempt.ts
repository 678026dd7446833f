import { sql } from "drizzle-orm";
import type { Db } from "../../db";
import { executePrepared } from "../../db/prepared";
import { newId } from "../../ids";
import { thinEventPayload } from "../payload";
import { bodyReference, maskRequestHeaders, type RequestBodyReference } from "../request-record";
import { nextAttemptDelay } from "../schedule";
import { attemptRequestHeaders, sendWebhookAttempt } from "../send";
import { signingSecretsFor, standardWebhookHeaders } from "../signature";
import { releaseLeases } from "./claim";
import type { ClaimedDelivery } from "./claimed-delivery";
import type { SuccessRecord } from "./record-successes";
import type { NextAttemptDelay, SendAttempt, SendResult } from "./types";

/** decisions §8: a webhook failing without a single success for three days is disabled. */
export const DISABLE_AFTER_MS = 3 * 24 * 60 * 60 * 1000;
export const DISABLED_REASON = "failing for 3 days";
/** decisions §8: the first 2 KB of the response are kept with each attempt. */
const EXCERPT_LIMIT = 2048;

export type AttemptOptions = {
  workerId: string;
  /** Retry delays in ms (schedule.ts's default unless given; tests use milliseconds). */
  schedule?: readonly number[];
  /** sendWebhookAttempt unless given. */
  send?: SendAttempt;
  now?: () => Date;
  allowPrivate?: boolean;
  timeoutMs?: number;
  nextDelay?: NextAttemptDelay;
  /** How long a webhook may fail without any success before it is disabled (tests shorten it). */
  disableAfterMs?: number;
  /**
   * Records a success (the dispatcher's batching SuccessRecorder); unless given, a success is recorded by
   * its own statement like a failure. Resolves false when the lease was lost.
   */
  recordSuccess?: (record: SuccessRecord) => Promise<boolean>;
};

export type DeliveryOutcome =
  /** 2xx: the delivery is done. */
  | { kind: "delivered"; attemptNumber: number }
  /** Failed; pending again at `nextAttemptAt`. */
  | { kind: "retrying"; attemptNumber: number; nextAttemptAt: Date }
  /** Failed and the schedule is used up. */
  | { kind: "discarded"; attemptNumber: number }
  /** The lease was lost (expired and taken by another worker, or released on stop): nothing recorded. */
  | { kind: "lost-lease" }
  /** Nothing sent: the webhook or event is gone, or the webhook was disabled after the claim. */
  | { kind: "skipped" };

/**
 * One attempt of a claimed delivery: build and sign the body, send it, then record the attempt and its
 * consequences (delivery state, webhook health) in one transaction, and only while this worker still
 * holds the lease, so a worker whose lease expired mid-attempt cannot overwrite the state another worker
 * has since produced (the receiver may then see the event twice: delivery is at-least-once).
 */
export async function runDelivery(
  db: Db,
  claimed: ClaimedDelivery,
  options: AttemptOptions,
): Promise<DeliveryOutcome> {
  const clock = options.now ?? (() => new Date());
  const { target, event } = claimed;
  if (!target || !event) {
    // Give the delivery back untouched: it stays pending (and unclaimable while the webhook is disabled).
    await releaseLeases(db, options.workerId, [claimed.id]);
    return { kind: "skipped" };
  }

  // The snapshot is sent as stored (its JSON text from the claim); a thin payload is built from the event.
  const body = target.payload === "thin" ? JSON.stringify(thinEventPayload(event)) : event.payloadJson;
  const attemptedAt = clock();
  const headers = {
    "content-type": "application/json",
    // The delivery id is stable across retries (receivers deduplicate on it) and distinct per webhook
    // and per resend, which the event id would not be.
    ...standardWebhookHeaders({
      msgId: claimed.id,
      timestamp: attemptedAt,
      body,
      secrets: signingSecretsFor(target, attemptedAt),
    }),
  };
  const result = await sendSafely(options.send ?? sendWebhookAttempt, {
    url: target.url,
    token: target.authToken,
    body,
    headers,
    timeoutMs: options.timeoutMs,
    allowPrivate: options.allowPrivate,
  });
  // What the log keeps of the request: the headers send.ts put on the wire (masked before they are
  // stored, so no token or signature reaches the database) and a reference to the body, not a copy.
  const request = {
    headers: maskRequestHeaders(attemptRequestHeaders({ headers, token: target.authToken, body })),
    body: bodyReference(body, target.payload),
  };

  const now = clock();
  const attemptNumber = claimed.attemptCount + 1;
  // A test event (sent, or resent from the log) is the admin asking "does my endpoint answer?" now: the
  // attempt is the answer, so a failure is not retried, and neither outcome says anything about the
  // webhook's live traffic, which is what its health describes.
  const isTest = event.type === "test";
  const delay =
    result.ok || isTest
      ? null
      : (options.nextDelay ?? nextAttemptDelay)({
          attemptsMade: attemptNumber,
          schedule: options.schedule,
          retryAfterMs: result.retryAfterMs,
        });
  const outcome: DeliveryOutcome = result.ok
    ? { kind: "delivered", attemptNumber }
    : delay === null
      ? { kind: "discarded", attemptNumber }
      : { kind: "retrying", attemptNumber, nextAttemptAt: new Date(now.getTime() + delay) };

  const recorded =
    result.ok && options.recordSuccess && !isTest
      ? await options.recordSuccess({
          deliveryId: claimed.id,
          attemptedAt,
          durationMs: result.durationMs,
          status: result.status,
          excerpt: result.responseExcerpt?.slice(0, EXCERPT_LIMIT) ?? null,
          headers: request.headers,
          body: request.body,
        })
      : await recordAttempt(db, {
          claimed,
          workerId: options.workerId,
          outcome,
          attemptedAt,
          now,
          result,
          request,
          disableAfterMs: options.disableAfterMs ?? DISABLE_AFTER_MS,
          movesHealth: !isTest,
        });
  return recorded ? outcome : { kind: "lost-lease" };
}

/** A sender that throws (a bug, not a receiver failure) still yields a recorded, retried attempt. */
async function sendSafely(send: SendAttempt, input: Parameters<SendAttempt>[0]): Promise<SendResult> {
  const started = performance.now();
  try {
    return await send(input);
  } catch (error) {
    return {
      ok: false,
      status: null,
      durationMs: performance.now() - started,
      error: error instanceof Error ? error.message : String(error),
      responseExcerpt: null,
      retryAfterMs: null,
    };
  }
}

/** last_success_at is kept to this resolution on a healthy webhook. */
const SUCCESS_RESOLUTION_MS = 1_000;

/**
 * Records an attempt and its consequences in ONE statement (atomic on its own, one round trip): the
 * delivery's new state, only while this worker still holds the lease, so a worker whose lease expired
 * mid-attempt cannot overwrite what another worker has since produced (the receiver may then see the
 * event twice: delivery is at-least-once); the attempt row; and the webhook's health. Returns false
 * when the lease was lost, in which case nothing was written.
 *
 * Health (not for a test delivery): a success ends a run of failures; a failure starts one (failing_since) or extends it, and a
 * run older than `disableAfterMs` with no success since disables the webhook. The right-hand sides read
 * the row's previous values, so concurrent attempts to one webhook serialize on the row lock and each
 * sees the other's result. A healthy webhook's row is rewritten at most once a second: every success
 * taking the row lock would serialize all attempts to one webhook, across workers, on that lock.
 */
async function recordAttempt(
  db: Db,
  input: {
    claimed: ClaimedDelivery;
    workerId: string;
    outcome: DeliveryOutcome;
    attemptedAt: Date;
    now: Date;
    result: SendResult;
    request: { headers: Record<string, string>; body: RequestBodyReference };
    disableAfterMs: number;
    /** False for a test delivery: the webhook's health stays as it was. */
    movesHealth: boolean;
  },
): Promise<boolean> {
  const { claimed, outcome, result, request } = input;
  const now = input.now.toISOString();
  const status =
    outcome.kind === "retrying" ? "pending" : outcome.kind === "delivered" ? "delivered" : "discarded";
  const nextAttemptAt = outcome.kind === "retrying" ? outcome.nextAttemptAt.toISOString() : null;
  const completedAt = outcome.kind === "retrying" ? null : now;
  const excerpt = result.responseExcerpt?.slice(0, EXCERPT_LIMIT) ?? null;
  const health = !input.movesHealth
    ? null
    : result.ok
      ? sql`update webhooks w
        set consecutive_failures = 0, last_success_at = ${now}::timestamptz, failing_since = null
        where w.id = ${claimed.webhookId} and exists (select 1 from held)
          and (w.consecutive_failures > 0 or w.failing_since is not null or w.last_success_at is null
            or w.last_success_at < ${new Date(input.now.getTime() - SUCCESS_RESOLUTION_MS).toISOString()}::timestamptz)`
      : sql`update webhooks w
        set consecutive_failures = w.consecutive_failures + 1,
          last_failure_at = ${now}::timestamptz,
          failing_since = coalesce(w.failing_since, ${now}::timestamptz),
          disabled_at = case when ${disableCondition(input.now, input.disableAfterMs)}
            then ${now}::timestamptz else w.disabled_at end,
          disabled_reason = case when ${disableCondition(input.now, input.disableAfterMs)}
            then ${DISABLED_REASON} else w.disabled_reason end
        where w.id = ${claimed.webhookId} and exists (select 1 from held)`;
  const rows = await executePrepared<{ attempt_count: number }>(
    db,
    sql`
    with held as (
      update webhook_deliveries
      set status = ${status}, attempt_count = attempt_count + 1,
        last_attempt_at = ${input.attemptedAt.toISOString()}::timestamptz,
        completed_at = ${completedAt}::timestamptz,
        next_attempt_at = coalesce(${nextAttemptAt}::timestamptz, next_attempt_at),
        lease_owner = null, lease_expires_at = null
      where id = ${claimed.id} and lease_owner = ${input.workerId} and status = 'pending'
      returning attempt_count
    ),
    attempt as (
      -- The number comes from the row, not the claim: the row is what later attempts count from.
      insert into delivery_attempts (id, delivery_id, attempt_number, attempted_at, duration_ms,
        response_status, error, response_body_excerpt, request_headers, request_body_kind,
        request_body_sha256, request_body_bytes)
      select ${newId("deliveryAttempt")}, ${claimed.id}, held.attempt_count,
        ${input.attemptedAt.toISOString()}::timestamptz, ${Math.max(0, Math.round(result.durationMs))},
        ${result.status}::int, ${result.error}, ${excerpt}, ${JSON.stringify(request.headers)}::jsonb,
        ${request.body.kind}, ${request.body.sha256}, ${request.body.bytes}::int
      from held
    )${health ? sql`, health as (${health})` : sql``}
    select attempt_count from held`,
  );
  return rows.length > 0;
}

/** A failing run older than `disableAfterMs` with no success since, on a webhook not yet disabled. */
function disableCondition(now: Date, disableAfterMs: number) {
  const threshold = new Date(now.getTime() - disableAfterMs).toISOString();
  return sql`(w.disabled_at is null and w.failing_since is not null
    and w.failing_since <= ${threshold}::timestamptz
    and (w.last_success_at is null or w.last_success_at < w.failing_since))`;
}
