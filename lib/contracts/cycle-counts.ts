import {
  createCycleCountRequestSchema,
  cycleCountResponseSchema,
  cycleCountSettingsResponseSchema,
  itemCycleCountHistorySchema,
  listCycleCountsQuerySchema,
  listCycleCountsResponseSchema,
  recordCycleCountsRequestSchema,
  recordCycleCountsResponseSchema,
  reviewCycleCountRequestSchema,
  updateCycleCountSettingsRequestSchema,
} from "../schemas/cycle-counts";
import { AUTH, defineContract, defineListContract, id, storeParams } from "./contract";

/**
 * Cycle counts (docs/cycle-counts.md): draft -> in_progress -> in_review -> completed, or cancelled. Backroom
 * extensions (the real service publishes no count operations), shaped like the bin operations. Viewers read;
 * editors (and API secrets) create, count, submit and cancel; accepting variances over the store's threshold,
 * asking for recounts, applying and the threshold itself are for admins.
 */

const TAG = "Cycle counts";
const EXTENSION = "Backroom extension: the real service publishes no count operations.";
const countParams = storeParams.extend({ cycleCountId: id("Cycle count id (`cnt_…`).") });
const COUNT = { description: "The count and its lines.", schema: cycleCountResponseSchema };

export const listCycleCounts = defineListContract({
  path: "/stores/{storeId}/cycle-counts",
  operationId: "listCycleCounts",
  resource: "cycle-count",
  summary: "List cycle counts",
  description: `The store's counts, newest first, each with its summary (lines, counted, to review, variance, accuracy); filters \`status\` and \`location_id\`. Header paging. ${EXTENSION}`,
  tag: TAG,
  params: storeParams,
  query: listCycleCountsQuerySchema,
  page: { description: "A page of counts.", schema: listCycleCountsResponseSchema },
  errors: [400, ...AUTH],
});

export const createCycleCount = defineContract({
  method: "post",
  path: "/stores/{storeId}/cycle-counts",
  operationId: "createCycleCount",
  resource: "cycle-count",
  access: "write",
  summary: "Create a cycle count",
  description:
    "A draft count of one active location. `scope` picks bins (`bin_ids`), a zone (its active bins), SKUs (every " +
    "bin holding them and unbinned) or items with stock not counted there in `days` days (or never). Its lines " +
    "are the places where the scope's items are expected; counters may add items they find. `blind` hides " +
    "expected quantities until submit. No snapshot is taken yet: each place is snapshotted when a counter " +
    `starts it (see \`recordCycleCounts\`). At most 10,000 lines. ${EXTENSION}`,
  tag: TAG,
  params: storeParams,
  body: createCycleCountRequestSchema,
  responses: { 201: { description: "The new draft count.", schema: cycleCountResponseSchema } },
  errors: [400, ...AUTH, 409, 413, 415],
});

export const getCycleCount = defineContract({
  method: "get",
  path: "/stores/{storeId}/cycle-counts/{cycleCountId}",
  operationId: "getCycleCount",
  resource: "cycle-count",
  access: "read",
  storeOf: "cycleCount",
  summary: "Get a cycle count",
  description: `The count with every line: place, item, snapshot, counted quantity, variance and its value (the catalog price; null without one). A blind count in draft or in progress answers \`snapshot_quantity\` and \`variance\` null. ${EXTENSION}`,
  tag: TAG,
  params: countParams,
  responses: { 200: COUNT },
  errors: [...AUTH, 404],
});

export const recordCycleCounts = defineContract({
  method: "post",
  path: "/stores/{storeId}/cycle-counts/{cycleCountId}/counts",
  operationId: "recordCycleCounts",
  resource: "cycle-count",
  access: "write",
  storeOf: "cycleCount",
  summary: "Start a place and record counts",
  description:
    "Counts in one place: `bin_id` (a bin of the count; a bin or zone count takes no unbinned) or null for the " +
    "location's unbinned units. The first call for a place takes its snapshot: what the ledger holds there for " +
    "each of its lines at that moment; later receipts, returns and moves are kept when the count is applied, " +
    "because only counted − snapshot is posted. Each entry adds `quantity` (a scan adds 1; negative to undo) or " +
    "sets it (`mode: set`). An item not yet on the count gets a line (a SKU or not-counted count accepts only " +
    "its items). Moves a draft to in_progress; 409 `cycle-count/wrong-status` after submit. " +
    EXTENSION,
  tag: TAG,
  params: countParams,
  body: recordCycleCountsRequestSchema,
  responses: {
    200: { description: "The count and the place's lines.", schema: recordCycleCountsResponseSchema },
  },
  errors: [400, ...AUTH, 404, 409, 413, 415],
});

export const submitCycleCount = defineContract({
  method: "post",
  path: "/stores/{storeId}/cycle-counts/{cycleCountId}/submit",
  operationId: "submitCycleCount",
  resource: "cycle-count",
  access: "write",
  storeOf: "cycleCount",
  summary: "Submit a count for review",
  description:
    "in_progress -> in_review. A started place's line nobody counted is counted 0; a line of a place never " +
    "started is `skipped` (left as it is). Variances within the store's threshold (`getCycleCountSettings`) are " +
    `accepted automatically (\`accepted_by: "auto"\`), the rest wait for an admin (\`review\`). ${EXTENSION}`,
  tag: TAG,
  params: countParams,
  responses: { 200: COUNT },
  errors: [...AUTH, 404, 409],
});

export const reviewCycleCount = defineContract({
  method: "post",
  path: "/stores/{storeId}/cycle-counts/{cycleCountId}/review",
  operationId: "reviewCycleCount",
  resource: "cycle-count",
  access: "admin",
  storeOf: "cycleCount",
  summary: "Accept variances or ask for recounts",
  description:
    "Admins only. `accept` accepts lines over the threshold; `recount` clears lines (their snapshot too, taken " +
    `again when their place is started) and puts the count back in progress. ${EXTENSION}`,
  tag: TAG,
  params: countParams,
  body: reviewCycleCountRequestSchema,
  responses: { 200: COUNT },
  errors: [400, ...AUTH, 404, 409, 413, 415],
});

export const applyCycleCount = defineContract({
  method: "post",
  path: "/stores/{storeId}/cycle-counts/{cycleCountId}/apply",
  operationId: "applyCycleCount",
  resource: "cycle-count",
  access: "admin",
  storeOf: "cycleCount",
  summary: "Apply a reviewed count",
  description:
    "Admins only. in_review -> completed: each accepted variance is one ledger movement into or out of its place " +
    "(reason `cycle_count`, source `cycle_count` with the count's id), never a set-to, so stock that moved after " +
    "the snapshot stays. 409 `cycle-count/lines-to-review` while lines wait for review; 409 " +
    "`cycle-count/stock-moved` (nothing applied) when units left a place since its snapshot so that its " +
    "variance would take it below zero. One `inventory_item` `updated` event per changed item. " +
    EXTENSION,
  tag: TAG,
  params: countParams,
  responses: { 200: COUNT },
  errors: [...AUTH, 404, 409],
});

export const cancelCycleCount = defineContract({
  method: "post",
  path: "/stores/{storeId}/cycle-counts/{cycleCountId}/cancel",
  operationId: "cancelCycleCount",
  resource: "cycle-count",
  access: "write",
  storeOf: "cycleCount",
  summary: "Cancel a count",
  description: `Any count not completed; it changes no stock. ${EXTENSION}`,
  tag: TAG,
  params: countParams,
  responses: { 200: COUNT },
  errors: [...AUTH, 404, 409],
});

export const getCycleCountSettings = defineContract({
  method: "get",
  path: "/stores/{storeId}/cycle-count-settings",
  operationId: "getCycleCountSettings",
  resource: "cycle-count",
  access: "read",
  summary: "Get the count threshold",
  description: `Variances within both limits are accepted on submit without an admin. ${EXTENSION}`,
  tag: TAG,
  params: storeParams,
  responses: { 200: { description: "The settings.", schema: cycleCountSettingsResponseSchema } },
  errors: [...AUTH],
});

export const updateCycleCountSettings = defineContract({
  method: "put",
  path: "/stores/{storeId}/cycle-count-settings",
  operationId: "updateCycleCountSettings",
  resource: "cycle-count",
  access: "admin",
  summary: "Set the count threshold",
  description: `Admins only. \`auto_accept_units\` (null: exact counts only) and \`auto_accept_value\` (null: no value limit). ${EXTENSION}`,
  tag: TAG,
  params: storeParams,
  body: updateCycleCountSettingsRequestSchema,
  responses: { 200: { description: "The settings now.", schema: cycleCountSettingsResponseSchema } },
  errors: [400, ...AUTH, 413, 415],
});

export const getItemCycleCounts = defineContract({
  method: "get",
  path: "/stores/{storeId}/inventory-items/{inventoryItemId}/cycle-counts",
  operationId: "getItemCycleCounts",
  resource: "inventory-item",
  access: "read",
  storeOf: "inventoryItem",
  summary: "An item's count history",
  description: `When the item was last counted and its completed counts (newest 50) with expected, counted and accuracy. ${EXTENSION}`,
  tag: TAG,
  params: storeParams.extend({ inventoryItemId: id("Inventory item id (`ii_…`).") }),
  responses: { 200: { description: "The history.", schema: itemCycleCountHistorySchema } },
  errors: [...AUTH, 404],
});
