import { sql } from "drizzle-orm";

/**
 * The NOTIFY channel that tells dispatchers new deliveries are due. Writers send it inside the
 * transaction that creates the deliveries: PostgreSQL (and PGlite) deliver a NOTIFY only when that
 * transaction commits, so a dispatcher never wakes for rows it cannot see yet, and a rollback sends none.
 */
export const DELIVERIES_CHANNEL = "backroom_deliveries";
export const notifyDeliveriesSql = sql`select pg_notify(${DELIVERIES_CHANNEL}, '')`;
