import type { Db } from "../../db";
import type { nextAttemptDelay } from "../schedule";
import type { AttemptOutcome, WebhookAttemptInput } from "../send";

/**
 * What the dispatcher needs from send.ts and schedule.ts, as injectable function types: tests (and
 * tools) can swap the HTTP sender or the retry policy without touching the engine. The defaults are
 * `sendWebhookAttempt` and `nextAttemptDelay`.
 */
export type SendAttempt = (input: WebhookAttemptInput) => Promise<AttemptOutcome>;
export type SendResult = AttemptOutcome;
export type NextAttemptDelay = typeof nextAttemptDelay;

/**
 * Coalesced events due for rendering (lib/domain/events/coalesce.ts, handed in by whoever starts the dispatcher:
 * the engine never imports the domain). `flush` records the events due at `now` before each claim, so their
 * deliveries are claimed in the same round; `nextDueAt` bounds the dispatcher's sleep.
 */
export type DueEventSource = {
  flush(db: Db, now: Date): Promise<number>;
  nextDueAt(db: Db): Promise<Date | null>;
};
