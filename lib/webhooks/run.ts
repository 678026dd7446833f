import type { ServerConfig } from "../config";
import type { Database } from "../db";
import { type Dispatcher, startDispatcher } from "./dispatcher/dispatcher";
import { configuredRetrySchedule } from "./schedule";

/**
 * Starts delivering webhooks in this process (the web server by default, or `npm run worker`), and
 * stops gracefully on SIGTERM/SIGINT: in-flight attempts finish or their leases are released. A process
 * killed outright loses nothing either: its leases expire and another dispatcher retries.
 */
export function runDispatcher(
  database: Database,
  config: ServerConfig,
  options: { afterStop?: () => Promise<void> } = {},
): Dispatcher {
  const dispatcher = startDispatcher({
    database,
    concurrency: config.webhookConcurrency,
    leaseMs: config.webhookLeaseMs,
    schedule: configuredRetrySchedule(config),
    onError: (error) => console.error("Webhook dispatcher error:", error),
  });
  const stop = () => {
    void dispatcher
      .stop()
      .catch((error: unknown) => console.error("Webhook dispatcher stop:", error))
      .then(() => options.afterStop?.());
  };
  process.once("SIGTERM", stop);
  process.once("SIGINT", stop);
  return dispatcher;
}
