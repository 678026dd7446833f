/** What a driver error of node-postgres or PGlite carries (possibly wrapped by Drizzle). */
type PgErrorLike = { code?: unknown; constraint?: unknown; cause?: unknown };

/**
 * True for a PostgreSQL unique violation (23505), optionally of one constraint. Drizzle wraps driver
 * errors (DrizzleQueryError), so the driver's error, with the SQLSTATE, may be on `cause`.
 */
export function isUniqueViolation(error: unknown, constraint?: string): boolean {
  for (let current = error, depth = 0; current && typeof current === "object" && depth < 5; depth++) {
    const e = current as PgErrorLike;
    if (e.code === "23505") {
      return constraint === undefined || e.constraint === undefined || e.constraint === constraint;
    }
    current = e.cause;
  }
  return false;
}

/** True for a PostgreSQL deadlock (40P01): the database rolled this transaction back to free the other. */
export function isDeadlock(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === "object" && depth < 5; depth++) {
    if ((current as PgErrorLike).code === "40P01") return true;
    current = (current as PgErrorLike).cause;
  }
  return false;
}

/**
 * Runs a whole transaction again when PostgreSQL chose it as a deadlock's victim (it was rolled back, so
 * nothing of it stands). For a change whose lock order cannot match every other writer's (a receipt locks
 * lines before the shipment; editing a shipment locks it before its lines).
 */
export async function retryOnDeadlock<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts || !isDeadlock(error)) throw error;
    }
  }
}

// Node's codes for a server that cannot be reached, and the SQLSTATEs of a server that is going away or not yet
// taking connections (57P01-57P03 shutdowns and start-up, 08xxx connection exceptions, 53300 too many clients).
const UNREACHABLE = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
  "EPIPE",
]);
const UNAVAILABLE_SQLSTATE = /^(57P0[123]|08...|53300)$/;
// node-postgres's own errors for a connection lost or never made (they carry no code).
const LOST_CONNECTION =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/**
 * True when the database could not be reached or dropped the connection (an outage, a restart, a full
 * pool of the server): nothing about the request was wrong, and a retry later can succeed. Looks through
 * Drizzle's wrapper (`cause`) and Node's AggregateError of a host with several addresses.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current && typeof current === "object" && depth < 5; depth++) {
    const e = current as PgErrorLike & { message?: unknown };
    if (typeof e.code === "string" && (UNREACHABLE.has(e.code) || UNAVAILABLE_SQLSTATE.test(e.code)))
      return true;
    if (typeof e.message === "string" && LOST_CONNECTION.test(e.message)) return true;
    current = e.cause;
  }
  return false;
}
