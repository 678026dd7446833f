import { readConfig, type ServerConfig } from "../config";

/**
 * When a failed webhook delivery is tried again (decisions §8): after 5 s, 30 s, 2 min, 10 min,
 * 30 min, 1 h, 3 h and 6 h, with jitter, then discarded. Configurable so tests run it in milliseconds.
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

export const DEFAULT_RETRY_SCHEDULE_MS: readonly number[] = [
  5 * SECOND,
  30 * SECOND,
  2 * MINUTE,
  10 * MINUTE,
  30 * MINUTE,
  HOUR,
  3 * HOUR,
  6 * HOUR,
];

/** ±20 %: spreads retries of many deliveries that failed together (a subscriber outage). */
export const RETRY_JITTER = 0.2;

/**
 * Longest wait a subscriber's `Retry-After` can ask for: the longest step of the default schedule.
 * A hostile or buggy `Retry-After: 31536000` must not park a delivery (and, through per-subject
 * ordering, every later event of that subject) for a year.
 */
export const RETRY_AFTER_MAX_MS = 6 * HOUR;

/**
 * The retry schedule: `BACKROOM_WEBHOOK_RETRY_SCHEDULE` (parsed and checked by lib/config, which stops
 * start-up on a malformed value rather than silently falling back) or the default.
 */
export function configuredRetrySchedule(config: Pick<ServerConfig, "webhookRetryScheduleMs"> = readConfig()) {
  return config.webhookRetryScheduleMs ?? DEFAULT_RETRY_SCHEDULE_MS;
}

/**
 * Milliseconds to wait before the next attempt, or null when the delivery is to be discarded.
 *
 * - `attemptsMade` counts attempts already made (all failed). 0 → 0 (the first attempt is due now);
 *   n in 1..schedule.length → schedule[n-1] with jitter; beyond → null. With the default schedule a
 *   delivery gets 1 + 8 attempts.
 * - Jitter multiplies by a factor in [0.8, 1.2) drawn from `random` (default Math.random).
 * - `retryAfterMs` (from a 429/503) can only lengthen the wait, never shorten it (a subscriber cannot
 *   make us retry faster than the schedule), and is honoured up to RETRY_AFTER_MAX_MS. It is used as
 *   given, without jitter: the subscriber named a time.
 */
export function nextAttemptDelay(input: {
  attemptsMade: number;
  schedule?: readonly number[];
  retryAfterMs?: number | null;
  random?: () => number;
}): number | null {
  const {
    attemptsMade,
    schedule = DEFAULT_RETRY_SCHEDULE_MS,
    retryAfterMs = null,
    random = Math.random,
  } = input;
  if (!Number.isInteger(attemptsMade) || attemptsMade < 0) {
    throw new RangeError(`attemptsMade must be a non-negative integer, got ${attemptsMade}.`);
  }
  if (attemptsMade === 0) return 0;
  const scheduled = schedule[attemptsMade - 1];
  if (scheduled === undefined) return null;
  // Clamp the draw so a random() outside [0, 1) cannot push jitter past ±20 %.
  const draw = Math.min(Math.max(random(), 0), 1);
  const jittered = Math.round(scheduled * (1 - RETRY_JITTER + 2 * RETRY_JITTER * draw));
  if (retryAfterMs === null || !Number.isFinite(retryAfterMs) || retryAfterMs <= 0) return jittered;
  return Math.max(jittered, Math.min(Math.round(retryAfterMs), RETRY_AFTER_MAX_MS));
}
