import { readConfig } from "../lib/config";
import { closeDatabase, getDatabase } from "../lib/db";
import { DatabaseLockedError } from "../lib/db/pglite-lock";
import { seedLargeStore } from "../lib/demo/bulk";
import { writeDemoCredentials } from "../lib/demo/credentials";
import { isDatabaseEmpty, seedDemoData } from "../lib/demo/load";

/**
 * `npm run seed`: loads the demo data into an empty database.
 * `npm run seed -- --returns 100000`: the demo data with that many returns (benchmarks of return queries at scale).
 * `npm run seed -- --shipments 1000000`: adds that many inbound shipments to the "Bulk Depot" store.
 * Uses DATABASE_URL when set, otherwise the embedded database in ./data (BACKROOM_DATA_DIR).
 */

const USAGE = `Usage: npm run seed [-- --returns N | --shipments N [--batch-size N] [--seed N]]

  (no option)       load the demo data (2 stores, staff accounts with a public password, API keys)
                    when the database is empty; marks it a demo database. Never on a store's own data.
  --returns N       the demo data with N returns over its two stores instead of 500 (for benchmarks)
  --shipments N     add N inbound shipments (about 3 items each) to the "Bulk Depot" store
  --batch-size N    shipments per INSERT statement (default 5000)
  --seed N          seed of the generated data (default: fixed)`;

type Args = { shipments?: number; batchSize?: number; seed?: number; returns?: number };

function parseArgs(argv: string[]): Args {
  const args: Args = {};
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = (argv[i] ?? "").split("=", 2) as [string, string | undefined];
    if (flag === "--help" || flag === "-h") {
      console.log(USAGE);
      process.exit(0);
    }
    const key = {
      "--shipments": "shipments",
      "--batch-size": "batchSize",
      "--seed": "seed",
      "--returns": "returns",
    }[flag];
    if (!key) throw new UsageError(`Unknown option ${flag}`);
    const raw = inline ?? argv[++i];
    const value = Number(raw?.replaceAll("_", ""));
    if (raw === undefined || !Number.isSafeInteger(value) || value < (key === "seed" ? 0 : 1)) {
      throw new UsageError(`${flag} needs a positive integer, got ${raw ?? "nothing"}`);
    }
    args[key as keyof Args] = value;
  }
  return args;
}

class UsageError extends Error {}

const fmt = (n: number) => n.toLocaleString("en-US");

/** The message of an error without the query parameters a database error carries (they can be huge). */
function describe(error: unknown): string {
  if (error instanceof DatabaseLockedError || error instanceof UsageError) return error.message;
  if (error instanceof Error) {
    const cause = error.cause instanceof Error ? `: ${error.cause.message}` : "";
    return `${error.message.split("\n")[0]?.slice(0, 200)}${cause}`;
  }
  return String(error);
}

async function seedDemo(returns?: number): Promise<void> {
  const database = await getDatabase();
  if (!(await isDatabaseEmpty(database.db))) {
    console.log("The database already has data: the demo data was not loaded.");
    console.log("(Use `npm run seed -- --shipments N` to add a large store.)");
    return;
  }
  const summary = await seedDemoData(database.db, returns === undefined ? {} : { returns });
  const credentialsFile = writeDemoCredentials(readConfig().dataDir, {
    stores: summary.stores.map(({ id, name, apiSecret }) => ({ id, name, apiSecret })),
  });
  console.log(`Demo data loaded: ${fmt(summary.rows)} rows in ${(summary.ms / 1000).toFixed(1)} s.\n`);
  for (const store of summary.stores) {
    const c = store.counts;
    console.log(`  ${store.name} (${store.currency}) ${store.id}`);
    console.log(
      `    ${c.locations} locations, ${c.products} products (${c.variants} variants), ${c.inventoryItems} inventory items`,
    );
    console.log(
      `    ${fmt(c.inboundShipments)} inbound shipments (${fmt(c.inboundShipmentItems)} items), ${c.returns} returns, ${c.returnComments} comments`,
    );
    console.log(`    API secret: ${store.apiSecret}`);
  }
  console.log(`\n  The API secrets are random and kept (owner-only) in ${credentialsFile}.`);
  console.log("\n  Staff accounts:");
  for (const user of summary.staff) {
    const roles = user.memberships.map((m) => `${m.role} of ${m.store}`).join(", ");
    const password = user.created ? `password ${user.password}` : "existing account, password unchanged";
    console.log(`    ${user.email.padEnd(22)} ${password} (${roles})`);
  }
}

async function seedBulk(args: Args & { shipments: number }): Promise<void> {
  const database = await getDatabase();
  const total = args.shipments;
  const started = performance.now();
  const tty = process.stdout.isTTY;
  let lastTenth = 0;
  console.log(`Adding ${fmt(total)} inbound shipments to "Bulk Depot" (${database.backend})...`);
  const result = await seedLargeStore(database.db, {
    shipments: total,
    seed: args.seed,
    batchSize: args.batchSize,
    // PGlite has one connection; PostgreSQL takes two batches at once (one per core here).
    concurrency: database.backend === "postgres" ? 2 : 1,
    onProgress: (done) => {
      const seconds = (performance.now() - started) / 1000;
      const line = `  ${fmt(done)} / ${fmt(total)} (${Math.floor((done * 100) / total)}%), ${fmt(Math.round(done / seconds))} shipments/s`;
      if (tty) process.stdout.write(`\r${line}   `);
      else if (Math.floor((done * 10) / total) > lastTenth || done === total) {
        lastTenth = Math.floor((done * 10) / total);
        console.log(line);
      }
    },
  });
  if (tty) process.stdout.write("\n");
  const seconds = result.ms / 1000;
  const rows = result.shipments + result.items;
  console.log(
    `Inserted ${fmt(result.shipments)} shipments and ${fmt(result.items)} items into store ${result.storeId} ` +
      `in ${seconds.toFixed(1)} s: ${fmt(Math.round(rows / seconds))} rows/s (${fmt(Math.round(result.shipments / seconds))} shipments/s).`,
  );
}

try {
  const args = parseArgs(process.argv.slice(2));
  if (args.shipments !== undefined && args.returns !== undefined) {
    throw new UsageError(
      "--returns loads the demo data and --shipments adds to it: run them one after the other",
    );
  }
  if (args.shipments !== undefined) await seedBulk({ ...args, shipments: args.shipments });
  else if (args.batchSize !== undefined || args.seed !== undefined) {
    throw new UsageError("--batch-size and --seed go with --shipments N");
  } else await seedDemo(args.returns);
} catch (error) {
  console.error(describe(error));
  if (error instanceof UsageError) console.error(`\n${USAGE}`);
  process.exitCode = 1;
} finally {
  await closeDatabase().catch(() => undefined);
}
