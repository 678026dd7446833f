import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { deliveryAttempts, events, webhookDeliveries, webhooks } from "../../db/schema";
import { eventPayloadForKind } from "../../domain/events/record";
import { newId } from "../../ids";
import { nextAttemptDelay } from "../schedule";
import { sendWebhookAttempt } from "../send";
import { signingSecretsFor, standardWebhookHeaders } from "../signature";
import type { ClaimedDelivery } from "./claim";
import { releaseLeases } from "./claim";
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
  const [webhook] = await db.select().from(webhooks).where(eq(webhooks.id, claimed.webhookId));
  const [event] = await db.select().from(events).where(eq(events.id, claimed.eventId));
  if (!webhook || !event || webhook.disabledAt) {
    // Give the delivery back untouched: it stays pending (and unclaimable while the webhook is disabled).
    await releaseLeases(db, options.workerId, [claimed.id]);
    return { kind: "skipped" };
  }

  const body = JSON.stringify(eventPayloadForKind(event, webhook.kind));
  const attemptedAt = clock();
  const headers = {
    "content-type": "application/json",
    // The delivery id is stable across retries (receivers deduplicate on it) and distinct per webhook
    // and per resend, which the event id would not be.
    ...standardWebhookHeaders({
      msgId: claimed.id,
      timestamp: attemptedAt,
      body,
      secrets: signingSecretsFor(webhook, attemptedAt),
    }),
  };
  const result = await sendSafely(options.send ?? sendWebhookAttempt, {
    url: webhook.url,
    token: webhook.authToken,
    body,
    headers,
    timeoutMs: options.timeoutMs,
    allowPrivate: options.allowPrivate,
  });

  const now = clock();
  const attemptNumber = claimed.attemptCount + 1;
  const delay = result.ok
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

  return db.transaction(async (tx) => {
    const [held] = await tx
      .update(webhookDeliveries)
      .set({
        status:
          outcome.kind === "retrying" ? "pending" : outcome.kind === "delivered" ? "delivered" : "discarded",
        attemptCount: sql`${webhookDeliveries.attemptCount} + 1`,
        lastAttemptAt: attemptedAt,
        completedAt: outcome.kind === "retrying" ? null : now,
        ...(outcome.kind === "retrying" ? { nextAttemptAt: outcome.nextAttemptAt } : {}),
        leaseOwner: null,
        leaseExpiresAt: null,
      })
      .where(
        and(
          eq(webhookDeliveries.id, claimed.id),
          eq(webhookDeliveries.leaseOwner, options.workerId),
          eq(webhookDeliveries.status, "pending"),
        ),
      )
      .returning({ attemptCount: webhookDeliveries.attemptCount });
    if (!held) return { kind: "lost-lease" } as const;

    await tx.insert(deliveryAttempts).values({
      id: newId("deliveryAttempt"),
      deliveryId: claimed.id,
      // From the row, not the claim: the row is what later attempts count from.
      attemptNumber: held.attemptCount,
      attemptedAt,
      durationMs: Math.max(0, Math.round(result.durationMs)),
      responseStatus: result.status,
      error: result.error,
      responseBodyExcerpt: result.responseExcerpt?.slice(0, EXCERPT_LIMIT) ?? null,
    });
    await recordHealth(tx, webhook.id, result.ok, now, options.disableAfterMs ?? DISABLE_AFTER_MS);
    return outcome;
  });
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
 * Webhook health. A success ends a run of failures; a failure starts one (failing_since) or extends it,
 * and a run older than `disableAfterMs` with no success since disables the webhook. Written as one
 * UPDATE whose right-hand sides read the row's previous values, so concurrent attempts to one webhook
 * (different subjects) serialize on the row lock and each sees the other's result.
 */
async function recordHealth(tx: Db, webhookId: string, ok: boolean, now: Date, disableAfterMs: number) {
  if (ok) {
    // A healthy webhook's row is rewritten at most once a second: every success taking the row lock
    // would serialize all attempts to one webhook, across workers, on that lock.
    const staleBefore = new Date(now.getTime() - SUCCESS_RESOLUTION_MS).toISOString();
    await tx
      .update(webhooks)
      .set({ consecutiveFailures: 0, lastSuccessAt: now, failingSince: null })
      .where(
        and(
          eq(webhooks.id, webhookId),
          sql`(${webhooks.consecutiveFailures} > 0 or ${webhooks.failingSince} is not null
            or ${webhooks.lastSuccessAt} is null or ${webhooks.lastSuccessAt} < ${staleBefore}::timestamptz)`,
        ),
      );
    return;
  }
  const threshold = new Date(now.getTime() - disableAfterMs).toISOString();
  const disable = sql`(${webhooks.disabledAt} is null and ${webhooks.failingSince} is not null
    and ${webhooks.failingSince} <= ${threshold}::timestamptz
    and (${webhooks.lastSuccessAt} is null or ${webhooks.lastSuccessAt} < ${webhooks.failingSince}))`;
  await tx
    .update(webhooks)
    .set({
      consecutiveFailures: sql`${webhooks.consecutiveFailures} + 1`,
      lastFailureAt: now,
      failingSince: sql`coalesce(${webhooks.failingSince}, ${now.toISOString()}::timestamptz)`,
      disabledAt: sql`case when ${disable} then ${now.toISOString()}::timestamptz else ${webhooks.disabledAt} end`,
      disabledReason: sql`case when ${disable} then ${DISABLED_REASON} else ${webhooks.disabledReason} end`,
    })
    .where(eq(webhooks.id, webhookId));
}
