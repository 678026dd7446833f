/**
 * Which integration files run on which backend (vitest.config.ts reads this).
 *
 * With TEST_DATABASE_URL set, every integration file runs on PostgreSQL, the backend a deployment with
 * several instances uses, and only the files below also run on PGlite: those whose behaviour can differ on
 * the embedded database. PGlite is PostgreSQL itself compiled to WebAssembly, so plain queries, validation,
 * authorization and the response shapes of the read routes cannot differ there; what can is the driver
 * (result and type parsing), transactions and locks in a single-connection engine, LISTEN/NOTIFY inside one
 * process, migrations, the embedded tools (CLI, demo load, first-run setup) and each write path as a whole.
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
  // Each write path's happy path, end to end through its route.
  "app/api/v2.2/stores/[storeId]/returns/create.int.test.ts",
  "app/api/v2.2/stores/[storeId]/returns/bulk-actions/route.int.test.ts",
  "app/api/v2.2/returns/[returnId]/approve/route.int.test.ts",
  "app/api/v2.2/returns/[returnId]/process/route.int.test.ts",
  "app/api/v2.2/returns/[returnId]/status/route.int.test.ts",
  "app/api/v2.2/returns/[returnId]/comments/route.int.test.ts",
  "app/api/v2.2/returns/[returnId]/tags/route.int.test.ts",
  "app/api/v2.2/returns/[returnId]/flag/route.int.test.ts",
  "app/api/v2.2/stores/[storeId]/inbound-shipments/writes.int.test.ts",
  "app/api/v2.2/stores/[storeId]/inbound-shipments/[inboundShipmentId]/receipts/route.int.test.ts",
  "app/api/v2.2/stores/[storeId]/inbound-shipments/import/route.int.test.ts",
  "app/api/v2.2/stores/[storeId]/products/import/route.int.test.ts",
  "app/api/v2.2/stores/[storeId]/inventory-levels/import/route.int.test.ts",
  "app/api/v2.2/stores/[storeId]/custom/orders/route.int.test.ts",
  "app/api/v2.2/stores/[storeId]/orders/[orderId]/fulfillments/route.int.test.ts",
  "app/api/v2.2/stores/[storeId]/webhooks/route.int.test.ts",
  "app/api/v2.2/stores/[storeId]/api-secrets/route.int.test.ts",
  "app/api/v2.2/stores/[storeId]/staff-members/route.int.test.ts",
  "app/api/v2.2/stores/[storeId]/saved-views/route.int.test.ts",
  "app/api/v2.2/stores/[storeId]/locations/route.int.test.ts",
];
