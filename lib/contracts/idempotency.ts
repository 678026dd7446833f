/**
 * How long the API keeps an Idempotency-Key's answer (docs/api.md "Idempotency"): the server forgets a key
 * after this, and the web app's offline queue (lib/client/offline-queue) replays nothing older without asking.
 */
export const IDEMPOTENCY_KEY_TTL_MS = 24 * 60 * 60 * 1000;
