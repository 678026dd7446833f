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
