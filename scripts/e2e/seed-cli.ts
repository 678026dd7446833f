import { writeFileSync } from "node:fs";
import { closeDatabase, getDatabase } from "../../lib/db";
import { seedRunDatabase } from "./seed";
import { RUN_OWNS_DATABASE_ENV } from "./server";

/**
 * Child process of the e2e runner: seeds the run's database (the embedded one in BACKROOM_DATA_DIR, or the
 * PostgreSQL database the run created) and writes the run context JSON. Run apart from the runner so the
 * database (and its lock) is closed before the server opens it.
 * Usage: tsx scripts/e2e/seed-cli.ts <shipments> <context-file>
 */
const [shipmentsArg, contextFile] = process.argv.slice(2);
const shipments = Number(shipmentsArg);
if (!Number.isSafeInteger(shipments) || shipments < 1 || !contextFile) {
  console.error("Usage: tsx scripts/e2e/seed-cli.ts <shipments> <context-file>");
  process.exit(2);
}
if (process.env.DATABASE_URL && process.env[RUN_OWNS_DATABASE_ENV] !== "1") {
  console.error("The e2e seed runs on the run's own database only: unset DATABASE_URL.");
  process.exit(2);
}
try {
  const database = await getDatabase();
  const started = performance.now();
  const context = await seedRunDatabase(database.db, shipments);
  writeFileSync(contextFile, `${JSON.stringify(context, null, 2)}\n`);
  const stores = [...context.demoStores.map((s) => s.name), context.bulkStore.name].join(", ");
  console.log(`Seeded ${stores} in ${((performance.now() - started) / 1000).toFixed(1)} s.`);
} finally {
  await closeDatabase();
}
