import { ConfigError, readConfig } from "./config";
import { getDatabase } from "./db";
import { DatabaseLockedError } from "./db/pglite-lock";
import { writeDemoCredentials } from "./demo/credentials";
import { isDatabaseEmpty, seedDemoData } from "./demo/load";
import { describeWelcome } from "./demo/welcome";
import { DOMAIN_WORK } from "./domain/notification-watch";
import { issueSetupToken } from "./domain/setup";
import { runDispatcher } from "./webhooks/run";

/**
 * Runs once when the web server starts (instrumentation.ts): opens and migrates the database, loads the
 * demo data into an empty embedded one in demo mode (`npm run demo`), prints a setup link while nobody
 * can sign in, and prints how to sign in and call the API.
 */
export async function startServer(): Promise<void> {
  try {
    const config = readConfig();
    const database = await getDatabase();
    if (config.demo && database.backend === "postgres") {
      console.log(
        "BACKROOM_DEMO is ignored on PostgreSQL: a server never loads demo data into it (use `npm run seed`).",
      );
    } else if (config.demo && (await isDatabaseEmpty(database.db))) {
      const started = Date.now();
      console.log("Demo mode on an empty database: loading demo data...");
      const summary = await seedDemoData(database.db);
      writeDemoCredentials(config.dataDir, {
        stores: summary.stores.map(({ id, name, apiSecret }) => ({ id, name, apiSecret })),
      });
      console.log(
        `Demo data loaded in ${((Date.now() - started) / 1000).toFixed(1)} s (${summary.stores.length} stores).`,
      );
    }
    const setupToken = await issueSetupToken(database.db);
    console.log(await describeWelcome(database, config, setupToken));
    if (config.dispatcher === "in-process") {
      const dispatcher = runDispatcher(database, config, DOMAIN_WORK);
      console.log(`Delivering webhooks in this process (${dispatcher.workerId}).`);
    }
  } catch (error) {
    // A server that cannot reach its database is of no use: say why and stop, rather than answer 500s.
    if (error instanceof DatabaseLockedError || error instanceof ConfigError) {
      console.error(`\n${error.message}\n`);
    } else {
      console.error("Backroom could not start:", error);
    }
    process.exit(1);
  }
}
