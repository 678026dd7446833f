import { readConfig } from "./config";
import { getDatabase } from "./db";
import { DatabaseLockedError } from "./db/pglite-lock";
import { isDatabaseEmpty, seedDemoData } from "./demo/load";
import { describeWelcome } from "./demo/welcome";
import { runDispatcher } from "./webhooks/run";

/**
 * Runs once when the web server starts (instrumentation.ts): opens and migrates the database, loads
 * the demo data into an empty one, and prints how to sign in and call the API.
 */
export async function startServer(): Promise<void> {
  const config = readConfig();
  try {
    const database = await getDatabase();
    if (config.seedDemo === "auto" && (await isDatabaseEmpty(database.db))) {
      const started = Date.now();
      console.log("Empty database: loading demo data...");
      const summary = await seedDemoData(database.db);
      console.log(
        `Demo data loaded in ${((Date.now() - started) / 1000).toFixed(1)} s (${summary.stores.length} stores).`,
      );
    }
    console.log(await describeWelcome(database, config));
    if (config.dispatcher === "in-process") {
      const dispatcher = runDispatcher(database, config);
      console.log(`Delivering webhooks in this process (${dispatcher.workerId}).`);
    }
  } catch (error) {
    // A server that cannot reach its database is of no use: say why and stop, rather than answer 500s.
    if (error instanceof DatabaseLockedError) {
      console.error(`\n${error.message}\n`);
    } else {
      console.error("Backroom could not start:", error);
    }
    process.exit(1);
  }
}
