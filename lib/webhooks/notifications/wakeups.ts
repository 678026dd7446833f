import { EventEmitter } from "node:events";
import { sql } from "drizzle-orm";

/**
 * How a worker hears of new outbox rows without waiting for its poll:
 * - in this process, an event (every backend; the only way on PGlite, which has one process);
 * - from other processes on PostgreSQL, NOTIFY on NOTIFICATIONS_CHANNEL, sent inside the enqueueing
 *   transaction (delivered when it commits, never for a rollback) and heard by each worker's LISTEN
 *   connection (lib/db/notify-listener.ts).
 */
export const NOTIFICATIONS_CHANNEL = "backroom_notifications";
export const notifyNotificationWorkersSql = sql`select pg_notify(${NOTIFICATIONS_CHANNEL}, '')`;

const wakeups = new EventEmitter();
wakeups.setMaxListeners(0);

export function wakeNotificationWorkers(): void {
  wakeups.emit("wake");
}

export function onNotificationWake(listener: () => void): () => void {
  wakeups.on("wake", listener);
  return () => wakeups.off("wake", listener);
}
