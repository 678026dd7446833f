import {
  binMoveRequestSchema,
  binMoveResponseSchema,
  binResponseSchema,
  createBinRequestSchema,
  itemBinStockSchema,
  listBinsQuerySchema,
  listBinsResponseSchema,
  updateBinRequestSchema,
} from "../schemas/bins";
import { copiesLabelsBodySchema, labelFileSchema } from "../schemas/labels";
import { AUTH, defineContract, id, storeParams } from "./contract";

/**
 * Bins inside a location and the units in them (docs/bins.md). Backroom extensions: the real service
 * publishes no bin operations, so these follow the location resource (`{ bin }` wrappers, problem types
 * `com.service.api:<resource>/<code>`). Editors and admins (and API secrets) manage bins and move units;
 * viewers read.
 */

const TAG = "Bins";
const EXTENSION = "Backroom extension: the real service publishes no bin operations.";
const locationParams = storeParams.extend({ locationId: id("Location id (`loc_…`).") });
const binParams = storeParams.extend({ binId: id("Bin id (`bin_…`).") });
const itemParams = storeParams.extend({ inventoryItemId: id("Inventory item id (`ii_…`).") });

export const listBins = defineContract({
  method: "get",
  path: "/stores/{storeId}/locations/{locationId}/bins",
  operationId: "listBins",
  resource: "bin",
  access: "read",
  storeOf: "location",
  summary: "List a location's bins",
  description:
    "The location's active bins by code, each with the units it holds now; `include_archived=true` adds the " +
    `archived ones after them. ${EXTENSION}`,
  tag: TAG,
  params: locationParams,
  query: listBinsQuerySchema,
  responses: { 200: { description: "The location's bins.", schema: listBinsResponseSchema } },
  errors: [400, ...AUTH, 404],
});

export const createBin = defineContract({
  method: "post",
  path: "/stores/{storeId}/locations/{locationId}/bins",
  operationId: "createBin",
  resource: "bin",
  access: "write",
  storeOf: "location",
  summary: "Create a bin",
  description:
    "Adds an active bin to an active location. `code` is unique in the location whatever its case (archived " +
    "bins included): a taken code answers 409 `bin/code-taken`, decided by the database so two concurrent " +
    "creates make one bin. An archived location answers 409 `bin/location-archived`. `zone` groups bins; " +
    `\`capacity\` caps the units moves may put in. ${EXTENSION}`,
  tag: TAG,
  params: locationParams,
  body: createBinRequestSchema,
  responses: { 201: { description: "The new bin.", schema: binResponseSchema } },
  errors: [400, ...AUTH, 404, 409, 413, 415],
});

export const getBin = defineContract({
  method: "get",
  path: "/stores/{storeId}/bins/{binId}",
  operationId: "getBin",
  resource: "bin",
  access: "read",
  storeOf: "bin",
  summary: "Get a bin",
  description: `One bin, archived or not, with the units it holds now. ${EXTENSION}`,
  tag: TAG,
  params: binParams,
  responses: { 200: { description: "The bin.", schema: binResponseSchema } },
  errors: [...AUTH, 404],
});

export const updateBin = defineContract({
  method: "patch",
  path: "/stores/{storeId}/bins/{binId}",
  operationId: "updateBin",
  resource: "bin",
  access: "write",
  storeOf: "bin",
  summary: "Change, archive or restore a bin",
  description:
    "Changes any of `code` (409 `bin/code-taken` if its location uses it), `zone` and `capacity`; " +
    "`archived: true` archives: the bin keeps its units, which can still be moved out, and takes no more " +
    `in; \`archived: false\` restores it. Bins are never deleted, so their ledger rows keep their bin. ${EXTENSION}`,
  tag: TAG,
  params: binParams,
  body: updateBinRequestSchema,
  responses: { 200: { description: "The bin as it now is.", schema: binResponseSchema } },
  errors: [400, ...AUTH, 404, 409, 413, 415],
});

export const printBinLabels = defineContract({
  method: "post",
  path: "/stores/{storeId}/bins/{binId}/labels",
  operationId: "printBinLabels",
  resource: "bin",
  access: "write",
  storeOf: "bin",
  summary: "Print labels for a bin",
  description:
    "`copies` labels coded with the bin's code (Code 128), which Move on the item page and the search read " +
    "when scanned. Formats and sizes as the other label operations; every print is recorded (see " +
    `\`listLabelPrints\`, \`subject_type=bin\`). ${EXTENSION}`,
  tag: "Labels",
  params: binParams,
  body: copiesLabelsBodySchema,
  responses: {
    200: {
      description: "The labels: a PDF, or ZPL II text to send to the printer as is.",
      contentType: ["application/pdf", "text/plain"],
      schema: labelFileSchema,
    },
  },
  errors: [400, ...AUTH, 404, 413, 415],
});

export const getInventoryItemBinStock = defineContract({
  method: "get",
  path: "/stores/{storeId}/inventory-items/{inventoryItemId}/bin-stock",
  operationId: "getInventoryItemBinStock",
  resource: "inventory-item",
  access: "read",
  storeOf: "inventoryItem",
  summary: "An item's units per bin",
  description:
    "At each location where the item has a level: the level, the units in each bin holding some (by code) " +
    `and the unbinned remainder; always \`quantity = unbinned + sum(bins)\`. ${EXTENSION}`,
  tag: TAG,
  params: itemParams,
  responses: { 200: { description: "The item's bin stock.", schema: itemBinStockSchema } },
  errors: [...AUTH, 404],
});

export const moveInventoryItemBinStock = defineContract({
  method: "post",
  path: "/stores/{storeId}/inventory-items/{inventoryItemId}/bin-moves",
  operationId: "moveInventoryItemBinStock",
  resource: "inventory-movement",
  access: "write",
  storeOf: "inventoryItem",
  summary: "Move units between bins",
  description:
    "Moves `quantity` units of the item inside one location: from a bin (`from_bin_id`) or the unbinned " +
    "remainder (null) to another bin (`to_bin_id`) or unbinned (null). Recorded as two ledger movements " +
    "(reason `moved`, source `bin_move`, the caller as actor), out of the one and into the other; the level " +
    "does not change. More units than the source holds answers 409 `inventory-movement/not-enough-stock` " +
    "and moves nothing; an archived destination bin 409 `bin/archived`; a bin that would exceed its capacity " +
    "409 `bin/over-capacity`; a location or bin that is not the store's, or a bin of another location, 400 naming the field. " +
    `Answers the two movements and the item's bin stock after the move. ${EXTENSION}`,
  tag: TAG,
  params: itemParams,
  body: binMoveRequestSchema,
  responses: { 201: { description: "The movements and the bin stock.", schema: binMoveResponseSchema } },
  errors: [400, ...AUTH, 404, 409, 413, 415],
});
