import { readConfigOrExit } from "../lib/config";
import { closeDatabase, getDatabase } from "../lib/db";
import { DOMAIN_WORK } from "../lib/domain/notification-watch";
import { onShutdownSignal } from "../lib/server/signals";
import { runDispatcher, stopDispatcher } from "../lib/webhooks/run";

/**
 * `npm run worker`: a webhook delivery worker against PostgreSQL. Run as many as you like beside the
 * web servers (start those with BACKROOM_DISPATCHER=off to leave delivery to the workers).
 */
const config = readConfigOrExit();
if (!config.databaseUrl) {
  console.error(
    "npm run worker needs DATABASE_URL (PostgreSQL). On the embedded database only one process may open it,\n" +
      "so the web server delivers webhooks itself (BACKROOM_DISPATCHER=in-process, the default).",
  );
  process.exit(1);
}
const database = await getDatabase();
const dispatcher = runDispatcher(database, config, DOMAIN_WORK);
// SIGTERM/SIGINT: attempts in flight finish (or their leases are released), then the pool closes and the
// worker exits 0. The margin over the grace covers closing the pool.
onShutdownSignal(
  async (signal) => {
    console.log(`${signal}: webhook worker ${dispatcher.workerId} stopping.`);
    await stopDispatcher();
    await closeDatabase();
    console.log(`Webhook worker ${dispatcher.workerId} stopped.`);
  },
  { deadlineMs: config.shutdownGraceMs + 5_000, followParent: true },
);
console.log(`Webhook worker ${dispatcher.workerId} started (concurrency ${config.webhookConcurrency}).`);
