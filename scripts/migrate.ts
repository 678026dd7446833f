import { closeDatabase, getDatabase } from "../lib/db";
import { DatabaseLockedError } from "../lib/db/pglite-lock";

/** `npm run db:migrate`: applies the committed migrations (the server also does this when it starts). */
try {
  const database = await getDatabase();
  console.log(`Migrations applied (${database.backend === "pglite" ? "embedded database" : "PostgreSQL"}).`);
} catch (error) {
  console.error(error instanceof DatabaseLockedError ? error.message : error);
  process.exitCode = 1;
} finally {
  await closeDatabase().catch(() => undefined);
}
