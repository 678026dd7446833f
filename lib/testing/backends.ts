/**
 * Which integration files run on which backend (vitest.config.ts reads this).
 *
 * With TEST_DATABASE_URL set, every integration file runs on PostgreSQL, the backend a deployment with
 * several instances uses, and only the files below also run on PGlite: those whose behaviour can differ on
 * the embedded database. PGlite is PostgreSQL itself compiled to WebAssembly, so plain queries, validation,
 * authorization and the response shapes of the read routes cannot differ there; what can is the driver
 * (result and type parsing), transactions and locks in a single-connection engine, LISTEN/NOTIFY inside one
 * process, migrations, the embedded tools (CLI, demo load, first-run setup) and each operation as a whole.
 * Without TEST_DATABASE_URL (a machine with only Node and npm), or with BACKROOM_PGLITE_ALL=1, every
 * integration file runs on PGlite.
 */
export const PGLITE_FILES: readonly string[] = [
  // Migrations and the schema they build.
  "lib/db/migrations.int.test.ts",
  "lib/db/schema.int.test.ts",
  // The embedded database's own tools: the CLI, the demo's bulk load in one transaction, first-run setup.
  "lib/cli/commands.int.test.ts",
  "lib/demo/load.int.test.ts",
  "lib/domain/setup.int.test.ts",
  // The driver: the health probe names the backend; lists and exports read every column type back.
  "app/api/health/health.int.test.ts",
  "lib/domain/returns/get-list.int.test.ts",
  "app/api/v2.2/stores/[storeId]/returns/export/route.int.test.ts",
  "app/api/v2.2/stores/[storeId]/inbound-shipments/route.int.test.ts",
  // Images are bytea: stored and served back byte for byte.
  "app/api/v2.2/returns/[returnId]/comments/route.int.test.ts",
  // Transactions and locks on one connection; notifications within one process; closing the database.
  "lib/api/idempotency.int.test.ts",
  "lib/api/route.int.test.ts",
  "lib/api/rate-limit-shared.int.test.ts",
  "app/api/v2.2/rate-limit.int.test.ts",
  "lib/domain/api-key-cache.int.test.ts",
  "lib/domain/events/coalesce.int.test.ts",
  "lib/domain/events/record.int.test.ts",
  "lib/webhooks/dispatcher/claim.int.test.ts",
  "lib/webhooks/dispatcher/crash.int.test.ts",
  "lib/webhooks/dispatcher/dispatcher.int.test.ts",
  "lib/webhooks/dispatcher/wakeup.int.test.ts",
  "lib/server/shutdown.int.test.ts",
  "app/api/v2.2/stores/[storeId]/inbound-shipments/[inboundShipmentId]/receipts/concurrency.int.test.ts",
  // Transfers racing receipts, bin moves and adjustments: row locks on the single connection too.
  "lib/domain/transfers/transfers.int.test.ts",
  "lib/domain/cycle-counts/cycle-counts.int.test.ts",
  // Each operation once, end to end through its route and its transaction, its answer validated against the
  // document: the cross-tenant suite's allowed calls (on PGlite it runs only those). The write paths' other
  // cases (validation, conflicts, roles) are plain code and queries, tested on PostgreSQL.
  "app/api/v2.2/cross-tenant.int.test.ts",
];
