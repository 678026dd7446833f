import { sql } from "drizzle-orm";
import type { Database } from "../db";
import { metrics } from "./registry";

/** The Content-Type of the text exposition format the registry renders. */
export const METRICS_CONTENT_TYPE = "text/plain; version=0.0.4; charset=utf-8";

/**
 * The metrics as Prometheus text, after reading what only the database knows: the delivery backlog (the
 * same on every instance, whichever process delivers) and this process's pool. One statement over the
 * partial index of pending deliveries (index-only: it counts entries, it reads no row), so a scrape every
 * few seconds costs little even with a backlog.
 */
export async function renderMetrics(database: Database): Promise<string> {
  const m = metrics();
  const { rows } = await database.db.execute<{ pending: number; oldest_due: number | null }>(sql`
    select count(*)::int as pending,
      extract(epoch from now() - min(next_attempt_at) filter (where next_attempt_at <= now()))::float8 as oldest_due
    from webhook_deliveries where status = 'pending'`);
  const backlog = rows[0];
  m.pendingDeliveries.set(Number(backlog?.pending ?? 0));
  m.oldestDueAge.set(Math.max(0, Number(backlog?.oldest_due ?? 0)));
  // Over the partial index of pending notifications (notifications_due_idx), like the deliveries above.
  const outbox = await database.db.execute<{ pending: number }>(
    sql`select count(*)::int as pending from notifications where status = 'pending'`,
  );
  m.pendingNotifications.set(Number(outbox.rows[0]?.pending ?? 0));

  const pool = database.pool;
  if (pool) {
    m.poolConnections.set({ state: "in_use" }, pool.totalCount - pool.idleCount);
    m.poolConnections.set({ state: "idle" }, pool.idleCount);
    m.poolWaiting.set(pool.waitingCount);
    m.poolMax.set(pool.options.max ?? 10);
  } else {
    // The embedded database is one connection that runs queries one at a time; it has no pool to watch.
    m.poolMax.set(1);
  }
  return m.registry.metrics();
}
