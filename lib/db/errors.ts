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
