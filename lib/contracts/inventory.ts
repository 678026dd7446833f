import {
  createInboundShipmentRequestSchema,
  INBOUND_SHIPMENT_LINES_MAX,
  updateInboundShipmentRequestSchema,
} from "../schemas/inbound-shipment-writes";
import {
  inboundShipmentResponseSchema,
  listInboundShipmentsQuerySchema,
  listInboundShipmentsResponseSchema,
} from "../schemas/inbound-shipments";
import {
  inventoryItemListResponseSchema,
  inventoryItemResponseSchema,
  listInventoryItemsQuerySchema,
} from "../schemas/inventory-items";
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

/* Inbound shipments and inventory items (interface-v2.2 and decisions §6). */

export const listInboundShipments = defineListContract({
  path: "/stores/{storeId}/inbound-shipments",
  operationId: "listInboundShipments",
  resource: "inbound-shipment",
  summary: "List inbound shipments",
  description: "Most recently updated first. Keyset paging: page 10,000 costs what page 1 costs.",
  tag: "Inbound Shipments",
  params: storeParams,
  query: listInboundShipmentsQuerySchema,
  page: { description: "A page of shipments.", schema: listInboundShipmentsResponseSchema },
  errors: [400, ...AUTH, 429],
});

export const getInventoryItem = defineContract({
  method: "get",
  path: "/stores/{storeId}/inventory-items/{inventoryItemId}",
  operationId: "getInventoryItem",
  resource: "inventory-item",
  access: "read",
  summary: "Get inventory item",
  tag: "Inventory Items",
  params: storeParams.extend({ inventoryItemId: id("Inventory item id (`ii_…`).") }),
  responses: { 200: { description: "The inventory item.", schema: inventoryItemResponseSchema } },
  errors: [...AUTH, 404],
});

export const listInventoryItems = defineListContract({
  path: "/stores/{storeId}/inventory-items",
  operationId: "listInventoryItems",
  resource: "inventory-item",
  summary: "List inventory items",
  description:
    "As the real service: in-stock items only (on-hand quantity above zero; at `location_id` when given, where " +
    "each item's `quantity` is the quantity there and `locations` lists only that location), most recently " +
    "updated first, keyset paging. Backroom's `stock` parameter selects out-of-stock items or every item (the " +
    "app's inventory page asks for `any`); `sku` and `q` are Backroom filters too.",
  tag: "Inventory Items",
  params: storeParams,
  query: listInventoryItemsQuerySchema,
  page: { description: "A page of items.", schema: inventoryItemListResponseSchema },
  errors: [400, ...AUTH],
});

export const getInboundShipment = defineContract({
  method: "get",
  path: "/stores/{storeId}/inbound-shipments/{inboundShipmentId}",
  operationId: "getInboundShipment",
  resource: "inbound-shipment",
  access: "read",
  summary: "Get inbound shipment",
  description:
    "One shipment in the real service's detail view (`inbound-shipment.path.yaml`): the list view, each " +
    "line's discrepancy (received minus expected) and product UPC, and the shipment's `damaged_count` and " +
    '`missing_count`. `transfer_orders` names the transfer (`trf_…`, "Transfer from <origin>") whose ' +
    "shipping created the shipment, else `[]`. Purchase orders, files and custom volume are not kept yet: " +
    "`[]` and `null`. A shipment of another store, or an unknown id, is a 404 `inbound-shipment/not-found`.",
  tag: "Inbound Shipments",
  params: storeParams.extend({ inboundShipmentId: id("Inbound shipment id (`inb_…`).") }),
  responses: { 200: { description: "The shipment.", schema: inboundShipmentResponseSchema } },
  errors: [...AUTH, 404],
});

export const exportInboundShipments = defineContract({
  method: "get",
  path: "/stores/{storeId}/inbound-shipments/export",
  operationId: "exportInboundShipments",
  resource: "inbound-shipment",
  access: "read",
  summary: "Export inbound shipments as CSV",
  description:
    "The shipments the list's filters select, with their lines: one CSV row per line (a shipment without lines is " +
    "one row with empty line columns), most recently updated first, streamed. Columns: id, shipment_id, " +
    "status, location_id, location_name, carrier, tracking_number, tracking_url, estimated_arrival_date, " +
    "actual_arrival_date, freight_type, payment_terms, freight_cost, duty_cost, currency, created_at, updated_at, " +
    "line_id, sku, product_title, expected_quantity, received_quantity, damaged_quantity, missing_quantity. " +
    "A cell a spreadsheet would run as a formula is prefixed with `'`.",
  tag: "Inbound Shipments",
  params: storeParams,
  query: listInboundShipmentsQuerySchema,
  responses: { 200: CSV_FILE },
  errors: [400, ...AUTH],
});

export const exportInventoryItems = defineContract({
  method: "get",
  path: "/stores/{storeId}/inventory-items/export",
  operationId: "exportInventoryItems",
  resource: "inventory-item",
  access: "read",
  summary: "Export inventory levels as CSV",
  description:
    "The items the list's filters select (in stock unless `stock` says otherwise), one CSV row per item and " +
    "location holding it (only `location_id`'s when given; an item without a level anywhere is one row with " +
    "an empty location and 0), most recently updated first, streamed. Columns: id, " +
    "sku, name, kind, location_id, location_name, quantity, item_quantity, held_quantity (units held there out " +
    "of sellable stock, docs/dispositions.md), created_at, updated_at. A cell a " +
    "spreadsheet would run as a formula is prefixed with `'`.",
  tag: "Inventory Items",
  params: storeParams,
  query: listInventoryItemsQuerySchema,
  responses: { 200: CSV_FILE },
  errors: [400, ...AUTH],
});

const SHIPMENT_WRITES =
  "The real service publishes no write operations for inbound shipments; these take the read view's field " +
  "names in the `{ inbound_shipment }` wrapper (docs/inbound-shipments.md). Editors and admins.";
const shipmentParams = storeParams.extend({ inboundShipmentId: id("Inbound shipment id (`inb_…`).") });

export const createInboundShipment = defineContract({
  method: "post",
  path: "/stores/{storeId}/inbound-shipments",
  operationId: "createInboundShipment",
  resource: "inbound-shipment",
  access: "write",
  summary: "Create inbound shipment",
  description:
    "Records an advance shipping notice: the destination (an active location), the merchant's `shipment_id`, " +
    "carrier, tracking, expected arrival, freight and duty costs (one currency; the store's by default), and " +
    `1 to ${INBOUND_SHIPMENT_LINES_MAX.toLocaleString("en-US")} lines, one per SKU of the store's catalog with ` +
    "its expected quantity. `status` is PENDING unless `IN_TRANSIT` is sent. An unknown SKU or location is a " +
    "400 naming each line and field, and nothing is written. A `shipment_id` names one shipment of the store: " +
    "one another shipment has is a 409 `inbound-shipment/shipment-id-taken` whose detail names that shipment, " +
    "also when two creates with one reference arrive at once (one is created, the other answered 409). " +
    "Answers the shipment as Get inbound shipment does " +
    `and records an \`inbound_shipment\` \`created\` event. ${SHIPMENT_WRITES}`,
  tag: "Inbound Shipments",
  params: storeParams,
  body: createInboundShipmentRequestSchema,
  bodyLimit: 5 * 1024 * 1024,
  responses: { 201: { description: "The shipment.", schema: inboundShipmentResponseSchema } },
  errors: [400, ...AUTH, 409, 413, 415],
});

export const updateInboundShipment = defineContract({
  method: "patch",
  path: "/stores/{storeId}/inbound-shipments/{inboundShipmentId}",
  operationId: "updateInboundShipment",
  resource: "inbound-shipment",
  storeOf: "inboundShipment",
  access: "write",
  summary: "Update inbound shipment",
  description:
    "Changes any of `shipment_id`, `carrier`, `tracking_number`, `tracking_url`, `estimated_arrival_date`, " +
    "`freight_type` and `payment_terms` (null clears one), and `status: IN_TRANSIT` marks a PENDING shipment " +
    "as handed to the carrier (409 `inbound-shipment/receiving-started` once receiving began: the status then " +
    "follows the counts; 409 `inbound-shipment/shipment-id-taken` for a `shipment_id` another shipment of " +
    "the store has). Lines change by receiving, not here. A request that changes nothing answers the " +
    `shipment unchanged; a change records an \`inbound_shipment\` \`updated\` event. ${SHIPMENT_WRITES}`,
  tag: "Inbound Shipments",
  params: shipmentParams,
  body: updateInboundShipmentRequestSchema,
  responses: { 200: { description: "The shipment as it now is.", schema: inboundShipmentResponseSchema } },
  errors: [400, ...AUTH, 404, 409, 413, 415],
});

export const cancelInboundShipment = defineContract({
  method: "delete",
  path: "/stores/{storeId}/inbound-shipments/{inboundShipmentId}",
  operationId: "cancelInboundShipment",
  resource: "inbound-shipment",
  storeOf: "inboundShipment",
  access: "write",
  summary: "Cancel inbound shipment",
  description:
    "Cancels a shipment nothing was received from: it is removed, since the published statuses have no " +
    "cancelled one, and an `inbound_shipment` `deleted` event carries its last state. Once a unit was received, " +
    `damaged or missing it is a 409 \`inbound-shipment/receiving-started\`. A shipment a transfer created is ` +
    "cancelled by cancelling the transfer (409 `inbound-shipment/owned-by-transfer`). " +
    SHIPMENT_WRITES,
  tag: "Inbound Shipments",
  params: shipmentParams,
  responses: { 204: { description: "Cancelled." } },
  errors: [...AUTH, 404, 409],
});

const IMPORT_FILE =
  "A CSV file (UTF-8, header row first) with one row per shipment line and the columns `shipment_id`, " +
  "`location` (a location's name or id), `sku`, `quantity` (required) and `status` (PENDING or IN_TRANSIT), " +
  "`carrier`, `tracking_number`, `tracking_url`, `estimated_arrival_date` (YYYY-MM-DD), `freight_type`, " +
  "`payment_terms`, `freight_cost`, `duty_cost`, `currency` (optional; a shipment's columns may be repeated on " +
  "each of its rows or given once). Rows with the same `shipment_id` form one shipment. Up to 200,000 lines.";

export const checkInboundShipmentImport = defineCsvCheckContract({
  path: "/stores/{storeId}/inbound-shipments/import/check",
  operationId: "checkInboundShipmentImport",
  resource: "inbound-shipment",
  summary: "Check a shipments CSV",
  description:
    "Reads and checks the file without writing anything: how many shipments it would create, update (an existing " +
    "`shipment_id` nothing was received from) or leave unchanged, every problem with its line and column (an " +
    "unknown SKU or location, a bad quantity, a shipment already being received, two values of one shipment's " +
    "column), and the first 20 lines. The staff app's import shows this as its preview. Editors and admins.",
  tag: "Inbound Shipments",
  file: IMPORT_FILE,
});

export const importInboundShipments = defineCsvImportContract({
  path: "/stores/{storeId}/inbound-shipments/import",
  operationId: "importInboundShipments",
  resource: "inbound-shipment",
  summary: "Import shipments from CSV",
  description:
    "Checks the file as Check a shipments CSV does; any problem is a 400 `inbound-shipment/invalid-request` " +
    "whose `errors` name `lines.<line>.<column>`, and nothing is written. Otherwise the whole file is written " +
    "in one transaction (all or nothing) and the answer streams `application/x-ndjson`: `progress` lines " +
    "(`done` of `total` shipment lines) as batches are written, then one `done` line with the summary " +
    "(created, updated, unchanged, lines), or one `error` line if the write failed (then nothing was written). " +
    "Re-importing a file changes nothing: shipments are matched by `shipment_id`, which names one shipment " +
    "of the store, also when the same file is imported twice at once (the imports take turns and the second " +
    "reports the first's shipments `unchanged`). Each created or updated " +
    "shipment records an `inbound_shipment` event. Editors and admins.",
  tag: "Inbound Shipments",
  file: IMPORT_FILE,
});
