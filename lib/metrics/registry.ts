import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

/**
 * The process's Prometheus metrics (docs/operations.md "Metrics" lists each one): one registry, counted
 * where the work happens and rendered by GET /api/metrics. Counters live in the process that counts them:
 * a delivery worker (`npm run worker`) keeps its own, which that endpoint of a web server does not show;
 * what every instance must show alike (pending deliveries, their age) is read from the database at scrape
 * time instead (lib/metrics/scrape.ts).
 *
 * Labels are closed sets only (an operation id, a status code, a topic, an outcome), never a raw path, a
 * store or a key: each label value is a time series kept forever by the server that scrapes us.
 */

const REGISTRY_KEY = Symbol.for("backroom.metrics");

function createMetrics() {
  const registry = new Registry();
  // Process CPU, memory, event-loop lag and GC: what an operator looks at first when latency climbs.
  collectDefaultMetrics({ register: registry });
  const registers = [registry];
  return {
    registry,
    requests: new Counter({
      name: "backroom_http_requests_total",
      help: "API requests answered, by operation (the contract's operationId) and status code.",
      labelNames: ["operation", "status"] as const,
      registers,
    }),
    requestDuration: new Histogram({
      name: "backroom_http_request_duration_seconds",
      help: "Time from a request's arrival in the API wrapper to its response (a streamed body may go on after).",
      labelNames: ["operation", "status"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
      registers,
    }),
    rateLimited: new Counter({
      name: "backroom_rate_limit_refusals_total",
      help: "Requests refused with 429 because their API secret used up its budget.",
      registers,
    }),
    deliveryOutcomes: new Counter({
      name: "backroom_webhook_delivery_outcomes_total",
      help: "Delivery attempts run by this process's dispatcher, by outcome.",
      labelNames: ["outcome"] as const,
      registers,
    }),
    attemptDuration: new Histogram({
      name: "backroom_webhook_attempt_duration_seconds",
      help: "Duration of one webhook HTTP attempt, by result (success: a 2xx answer).",
      labelNames: ["result"] as const,
      buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 15],
      registers,
    }),
    notificationOutcomes: new Counter({
      name: "backroom_notification_outcomes_total",
      help: "Notification send attempts run by this process's worker, by kind, channel and outcome.",
      labelNames: ["kind", "channel", "outcome"] as const,
      registers,
    }),
    pendingNotifications: new Gauge({
      name: "backroom_notifications_pending",
      help: "Notifications neither sent nor failed, in the whole database (read at scrape time).",
      registers,
    }),
    eventsRecorded: new Counter({
      name: "backroom_events_recorded_total",
      help: "Webhook events recorded by this process, by topic (counted when written, before the commit).",
      labelNames: ["topic"] as const,
      registers,
    }),
    transfersInProgress: new Gauge({
      name: "backroom_csv_transfers_in_progress",
      help: "CSV imports and exports this process is running now.",
      labelNames: ["kind"] as const,
      registers,
    }),
    pendingDeliveries: new Gauge({
      name: "backroom_webhook_deliveries_pending",
      help: "Deliveries not yet delivered or discarded, in the whole database (read at scrape time).",
      registers,
    }),
    oldestDueAge: new Gauge({
      name: "backroom_webhook_oldest_due_delivery_age_seconds",
      help: "How long the most overdue pending delivery has been due (0 when none is due), read at scrape time.",
      registers,
    }),
    poolConnections: new Gauge({
      name: "backroom_db_pool_connections",
      help: "Connections of this process's PostgreSQL pool, by state (in_use, idle).",
      labelNames: ["state"] as const,
      registers,
    }),
    poolWaiting: new Gauge({
      name: "backroom_db_pool_waiting_requests",
      help: "Queries waiting for a free connection of this process's PostgreSQL pool.",
      registers,
    }),
    poolMax: new Gauge({
      name: "backroom_db_pool_max_connections",
      help: "Size of this process's connection pool (DATABASE_POOL_SIZE; 1 on the embedded database).",
      registers,
    }),
  };
}

type Metrics = ReturnType<typeof createMetrics>;

/** On globalThis: Next.js may load this module in several bundles, and all must count into one registry. */
export function metrics(): Metrics {
  const holder = globalThis as { [REGISTRY_KEY]?: Metrics };
  holder[REGISTRY_KEY] ??= createMetrics();
  return holder[REGISTRY_KEY];
}

export function observeRequest(operation: string, status: number, seconds: number): void {
  const m = metrics();
  const labels = { operation, status: String(status) };
  m.requests.inc(labels);
  m.requestDuration.observe(labels, seconds);
}

export function countRateLimited(): void {
  metrics().rateLimited.inc();
}

export function countDeliveryOutcome(outcome: string): void {
  metrics().deliveryOutcomes.inc({ outcome });
}

/** `sent` (accepted), `retrying` (refused, pending again) or `failed` (refused, schedule used up). */
export function countNotificationOutcome(
  kind: string,
  channel: string,
  outcome: "sent" | "retrying" | "failed",
): void {
  metrics().notificationOutcomes.inc({ kind, channel, outcome });
}

export function observeAttempt(ok: boolean, seconds: number): void {
  metrics().attemptDuration.observe({ result: ok ? "success" : "failure" }, seconds);
}

export function countEventsRecorded(topic: string, count: number): void {
  if (count > 0) metrics().eventsRecorded.inc({ topic }, count);
}

/** Counts a CSV import or export as running; the returned function ends it (a second call does nothing). */
export function startTransfer(kind: "import" | "export"): () => void {
  const gauge = metrics().transfersInProgress;
  gauge.inc({ kind });
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    gauge.dec({ kind });
  };
}
