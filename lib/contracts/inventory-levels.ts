import {
  createInventoryMovementsRequestSchema,
  createInventoryMovementsResponseSchema,
  INVENTORY_MOVEMENTS_PER_REQUEST,
  inventoryLevelResponseSchema,
  listInventoryLevelsQuerySchema,
  listInventoryLevelsResponseSchema,
  listInventoryMovementsQuerySchema,
  listInventoryMovementsResponseSchema,
} from "../schemas/inventory-levels";
import {
  AUTH,
  CSV_FILE,
  defineContract,
  defineCsvCheckContract,
  defineCsvImportContract,
  defineListContract,
  id,
  storeParams,
} from "./contract";

/*
 * Inventory levels (the real service's `inventory-levels.path.yaml` and `inventory-level.path.yaml`) and
 * Backroom's ledger of their movements (docs/inventory-ledger.md), which the real service does not publish:
 * it follows the levels' conventions (snake_case, `{ resource }` wrappers, header paging).
 */

const LEDGER =
  "The ledger is append-only and kept without a time limit: every change of a level is one movement with " +
  "its reason, source and actor, and a level always equals the sum of its movements.";

export const listInventoryLevels = defineListContract({
  path: "/stores/{storeId}/inventory-levels",
  operationId: "listInventoryLevels",
  resource: "inventory-level",
  summary: "List inventory levels",
  description:
    "The quantity of each product at each location, most recently updated first, keyset-paged. Backroom " +
    "keeps no allocations, holds or bills of materials: `available` and `total_available` equal `quantity`; " +
    "`committed`, `reserved` and `buildable` are 0. Each level also names its `inventory_item_id`.",
  tag: "Inventory Levels",
  params: storeParams,
  query: listInventoryLevelsQuerySchema,
  page: { description: "A page of levels.", schema: listInventoryLevelsResponseSchema },
  errors: [400, ...AUTH],
});

export const getInventoryLevel = defineContract({
  method: "get",
  path: "/stores/{storeId}/inventory-levels/{inventoryLevelId}",
  operationId: "getInventoryLevel",
  resource: "inventory-level",
  access: "read",
  summary: "Get inventory level",
  description:
    "One level in the real service's detail shape: the list view with `external_ids` (null) and `created_at`.",
  tag: "Inventory Levels",
  params: storeParams.extend({ inventoryLevelId: id("Inventory level id (`li_…`).") }),
  responses: { 200: { description: "The level.", schema: inventoryLevelResponseSchema } },
  errors: [...AUTH, 404],
});

export const createInventoryMovements = defineContract({
  method: "post",
  path: "/stores/{storeId}/inventory-movements",
  operationId: "createInventoryMovements",
  resource: "inventory-movement",
  access: "write",
  summary: "Adjust or count stock",
  description:
    `Changes stock levels: each of up to ${INVENTORY_MOVEMENTS_PER_REQUEST.toLocaleString("en-US")} rows names an ` +
    "item (`inventory_item_id`, or the `sku` of a PRODUCT item) and an active location, and either " +
    "`adjust_by` (a non-zero delta) or `set_to` (a counted quantity), with a `reason`. Rows apply in order, " +
    "all or nothing: an unknown item or location is a 400 `inventory-movement/invalid-request`, a level that " +
    "would go below zero a 409 `inventory-movement/negative-level`, each with an `errors` entry naming the " +
    "row and field. A row that changes nothing (a count equal to the level) records no movement. Each changed " +
    "item gets an `inventory_item` `updated` event in the same transaction. The movement records the caller " +
    `(staff member or API secret name) and the request's Idempotency-Key. Editors and admins. ${LEDGER}`,
  tag: "Inventory Levels",
  params: storeParams,
  body: createInventoryMovementsRequestSchema,
  bodyLimit: 5 * 1024 * 1024,
  responses: {
    201: {
      description: "The movements recorded and the levels as they now are.",
      schema: createInventoryMovementsResponseSchema,
    },
  },
  errors: [400, ...AUTH, 409, 413, 415],
});

export const listInventoryMovements = defineListContract({
  path: "/stores/{storeId}/inventory-movements",
  operationId: "listInventoryMovements",
  resource: "inventory-movement",
  summary: "List inventory movements",
  description: `The ledger, newest first, keyset-paged; filter by item, location, reason and time. ${LEDGER}`,
  tag: "Inventory Levels",
  params: storeParams,
  query: listInventoryMovementsQuerySchema,
  page: { description: "A page of movements.", schema: listInventoryMovementsResponseSchema },
  errors: [400, ...AUTH],
});

export const exportInventoryMovements = defineContract({
  method: "get",
  path: "/stores/{storeId}/inventory-movements/export",
  operationId: "exportInventoryMovements",
  resource: "inventory-movement",
  access: "read",
  summary: "Export inventory movements as CSV",
  description:
    "The movements the list's filters select, newest first, streamed. Columns: id, created_at, " +
    "inventory_item_id, sku, location_id, location_name, quantity_delta, quantity_after, reason, source_type, " +
    "source_id, actor_type, actor_name, idempotency_key, note, stock_state (docs/dispositions.md). A cell a spreadsheet would run as a formula is " +
    "prefixed with `'`.",
  tag: "Inventory Levels",
  params: storeParams,
  query: listInventoryMovementsQuerySchema,
  responses: { 200: CSV_FILE },
  errors: [400, ...AUTH],
});

const COUNT_FILE =
  "A CSV file (UTF-8, header row first) with one row per product and location: `sku` (a PRODUCT item's), " +
  "`location` (a location's name or id) and `quantity` (the count, 0 or more), and an optional `note`. Up to " +
  "200,000 lines.";

export const checkInventoryCountImport = defineCsvCheckContract({
  path: "/stores/{storeId}/inventory-levels/import/check",
  operationId: "checkInventoryCountImport",
  resource: "inventory-level",
  summary: "Check a stock counts CSV",
  description:
    "Reads and checks the file without writing anything: how many levels it would create (none yet at that " +
    "location), change or leave unchanged, every problem with its line and column (an unknown SKU or location, " +
    "a bad quantity, a SKU counted twice at one location) and the first 20 lines. Editors and admins.",
  tag: "Inventory Levels",
  file: COUNT_FILE,
});

export const importInventoryCounts = defineCsvImportContract({
  path: "/stores/{storeId}/inventory-levels/import",
  operationId: "importInventoryCounts",
  resource: "inventory-level",
  summary: "Import stock counts from CSV",
  description:
    "Checks the file as Check a stock counts CSV does; any problem is a 400 `inventory-level/invalid-request` " +
    "naming `lines.<line>.<column>`, and nothing is written. Otherwise every level becomes its count in one " +
    "transaction, each change a ledger movement with reason `import` and source `import` (the caller as its " +
    "actor), and the answer streams `application/x-ndjson` progress lines then the summary, as the shipments " +
    "import does. A count equal to the level changes nothing, so re-importing a file is safe. Editors and admins.",
  tag: "Inventory Levels",
  file: COUNT_FILE,
});
