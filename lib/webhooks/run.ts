import type { ServerConfig } from "../config";
import type { Database, Db } from "../db";
import { type Dispatcher, startDispatcher } from "./dispatcher/dispatcher";
import type { DueEventSource } from "./dispatcher/types";
import { channelSender } from "./notifications/channels";
import { enqueueWebhookWarnings, type WebhookWarningOptions } from "./notifications/webhook-warnings";
import { NotificationWorker } from "./notifications/worker";
import { configuredRetrySchedule } from "./schedule";

/**
 * The process's webhook dispatcher: started by the web server (lib/startup.ts, when BACKROOM_DISPATCHER is
 * in-process) or by `npm run worker`, and stopped by whoever owns the process's shutdown (lib/server's
 * on SIGTERM, the worker's own handler): in-flight attempts finish within the grace period or their leases
 * are released at once. A process killed outright loses nothing either: its leases expire and another
 * dispatcher retries.
 *
 * Kept on globalThis like the database (lib/db/index.ts): Next.js bundles the instrumentation that starts
 * it apart from the custom server that stops it and the route that reports it, each with its own copy of
 * this module.
 */
export type DispatcherState = "not-started" | "running" | "stopping" | "stopped";

const DISPATCHER_KEY = Symbol.for("backroom.dispatcher");
type Entry = {
  dispatcher: Dispatcher;
  notifications: NotificationWorker;
  state: DispatcherState;
  stopped?: Promise<void>;
};
type Holder = { [DISPATCHER_KEY]?: Entry };

/** Longest wait for attempts in flight when stopping: an attempt's own timeout (send.ts) is 10 s. */
const MAX_STOP_WAIT_MS = 10_000;

/**
 * The domain's background work, handed in so the engine never imports the domain
 * (lib/domain/notification-watch.ts `DOMAIN_WORK`): coalesced events rendered when due, and the watches that
 * find occasions to tell people about (alerts, digests, scheduled reports).
 */
export type DomainWork = {
  dueEvents: DueEventSource;
  watch: (db: Db, now: Date, context: { publicUrl: string; email: boolean }) => Promise<void>;
  /** The domain's door for alert occasions, through which the webhook warnings reach people as they chose. */
  deliverAlert: NonNullable<WebhookWarningOptions["deliver"]>;
};

export function runDispatcher(database: Database, config: ServerConfig, domain: DomainWork): Dispatcher {
  const dueEvents = domain.dueEvents;
  const dispatcher = startDispatcher({
    database,
    dueEvents,
    concurrency: config.webhookConcurrency,
    leaseMs: config.webhookLeaseMs,
    schedule: configuredRetrySchedule(config),
    // Part of the shutdown grace: what is still in flight after it is released for another worker.
    stopTimeoutMs: Math.min(MAX_STOP_WAIT_MS, config.shutdownGraceMs),
    onError: (error) => console.error("Webhook dispatcher error:", error),
  });
  // The notification outbox is served by the same process and lifecycle (docs/notifications.md).
  const notifications = new NotificationWorker({
    db: database.db,
    send: channelSender({ smtpUrl: config.smtpUrl, mailFrom: config.mailFrom }),
    schedule: config.notificationRetryScheduleMs,
    listenPool: database.pool,
    watch: async (db, now) => {
      const context = { publicUrl: config.publicUrl, email: config.smtpUrl !== undefined };
      // The webhook warnings first: the domain's watches failing must not silence them.
      await enqueueWebhookWarnings(db, { now, ...context, deliver: domain.deliverAlert });
      await domain.watch(db, now, context);
    },
    onError: (error) => console.error("Notification worker error:", error),
  });
  notifications.start();
  (globalThis as Holder)[DISPATCHER_KEY] = { dispatcher, notifications, state: "running" };
  return dispatcher;
}

/** Stops the process's dispatcher if one runs (idempotent: a second call waits for the first). */
export function stopDispatcher(): Promise<void> {
  const entry = (globalThis as Holder)[DISPATCHER_KEY];
  if (!entry) return Promise.resolve();
  if (!entry.stopped) {
    entry.state = "stopping";
    entry.stopped = Promise.all([entry.dispatcher.stop(), entry.notifications.stop()])
      .then(() => undefined)
      .catch((error: unknown) => console.error("Webhook dispatcher stop:", error))
      .finally(() => {
        entry.state = "stopped";
      });
  }
  return entry.stopped;
}

export function dispatcherState(): DispatcherState {
  return (globalThis as Holder)[DISPATCHER_KEY]?.state ?? "not-started";
}
