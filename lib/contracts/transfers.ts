import {
  createTransferRequestSchema,
  listTransfersQuerySchema,
  listTransfersResponseSchema,
  shipTransferRequestSchema,
  TRANSFER_LINES_MAX,
  transferResponseSchema,
  updateTransferRequestSchema,
} from "../schemas/transfers";
import { AUTH, CSV_FILE, defineContract, defineListContract, id, storeParams } from "./contract";

/**
 * Transfers of units between two locations of a store (docs/transfers.md). Backroom extensions: the real
 * service publishes no transfer operations, so these follow the inbound-shipment resource (`{ transfer }`
 * wrappers, problem types `com.service.api:transfer/<code>`). Viewers read; editors, admins and API secrets
 * write. Receiving is not an operation of its own: a shipped transfer is received through its destination
 * shipment's receipts (`inbound_shipment_id`, `POST …/inbound-shipments/{id}/receipts`).
 */

const TAG = "Transfers";
const EXTENSION = "Backroom extension: the real service publishes no transfer operations.";
const transferParams = storeParams.extend({ transferId: id("Transfer id (`trf_…`).") });
const EVENTS =
  "Records a `transfer` event (webhook topic `transfer`) with the transfer as Get transfer answers it.";

export const listTransfers = defineListContract({
  path: "/stores/{storeId}/transfers",
  operationId: "listTransfers",
  resource: "transfer",
  summary: "List transfers",
  description:
    "The store's transfers, most recently updated first, without their lines; filters `status`, " +
    "`origin_location_id`, `destination_location_id` and a `created_at` range. Header paging as the other " +
    `lists. ${EXTENSION}`,
  tag: TAG,
  params: storeParams,
  query: listTransfersQuerySchema,
  page: { description: "A page of transfers.", schema: listTransfersResponseSchema },
  errors: [400, ...AUTH],
});

export const exportTransfers = defineContract({
  method: "get",
  path: "/stores/{storeId}/transfers/export",
  operationId: "exportTransfers",
  resource: "transfer",
  access: "read",
  summary: "Export transfers as CSV",
  description:
    "The transfers the list's filters select, one CSV row per line, most recently updated first, streamed. " +
    "Columns: id, status, origin_location_id, origin_location_name, destination_location_id, " +
    "destination_location_name, inbound_shipment_id, note, created_at, shipped_at, closed_at, cancelled_at, " +
    "updated_at, line_id, inventory_item_id, sku, name, quantity, received, damaged, missing. A cell a " +
    `spreadsheet would run as a formula is prefixed with \`'\`. ${EXTENSION}`,
  tag: TAG,
  params: storeParams,
  query: listTransfersQuerySchema,
  responses: { 200: CSV_FILE },
  errors: [400, ...AUTH],
});

export const createTransfer = defineContract({
  method: "post",
  path: "/stores/{storeId}/transfers",
  operationId: "createTransfer",
  resource: "transfer",
  access: "write",
  summary: "Create a transfer",
  description:
    "A DRAFT transfer from `origin_location_id` to `destination_location_id` (two active locations of the " +
    `store) with 1 to ${TRANSFER_LINES_MAX} lines, each a catalog product's inventory item (by ` +
    "`inventory_item_id` or `sku`) and its units, one line per item. A draft moves no stock. Unknown or " +
    `repeated items and unusable locations are one 400 naming each field; nothing is written. ${EVENTS} ` +
    EXTENSION,
  tag: TAG,
  params: storeParams,
  body: createTransferRequestSchema,
  responses: { 201: { description: "The draft.", schema: transferResponseSchema } },
  errors: [400, ...AUTH, 413, 415],
});

export const getTransfer = defineContract({
  method: "get",
  path: "/stores/{storeId}/transfers/{transferId}",
  operationId: "getTransfer",
  resource: "transfer",
  access: "read",
  storeOf: "transfer",
  summary: "Get a transfer",
  description:
    "One transfer with its lines; each line's `received`, `damaged` and `missing` are its destination " +
    `shipment line's. ${EXTENSION}`,
  tag: TAG,
  params: transferParams,
  responses: { 200: { description: "The transfer.", schema: transferResponseSchema } },
  errors: [...AUTH, 404],
});

export const updateTransfer = defineContract({
  method: "patch",
  path: "/stores/{storeId}/transfers/{transferId}",
  operationId: "updateTransfer",
  resource: "transfer",
  access: "write",
  storeOf: "transfer",
  summary: "Change a draft transfer",
  description:
    "Changes a DRAFT's locations, `note` (null clears it) or `lines` (which replace every line). A transfer " +
    `past DRAFT is a 409 \`transfer/wrong-status\`. ${EVENTS} ${EXTENSION}`,
  tag: TAG,
  params: transferParams,
  body: updateTransferRequestSchema,
  responses: { 200: { description: "The transfer as it now is.", schema: transferResponseSchema } },
  errors: [400, ...AUTH, 404, 409, 413, 415],
});

export const shipTransfer = defineContract({
  method: "post",
  path: "/stores/{storeId}/transfers/{transferId}/ship",
  operationId: "shipTransfer",
  resource: "transfer",
  access: "write",
  storeOf: "transfer",
  summary: "Ship a transfer",
  description:
    "DRAFT -> IN_TRANSIT. The units leave the origin (ledger movements, reason `transfer_out`, source " +
    "`transfer`, the caller as actor; `inventory_item` events) and an IN_TRANSIT inbound shipment at the " +
    "destination, its `shipment_id` the transfer's id and its `transfer_orders` naming the transfer, expects " +
    "them: they are incoming there and received in Receive mode like any shipment. **Bins** (optional body, a " +
    "Backroom extension): `lines[].from_bins` names, per item, the origin bins units leave from and how many " +
    "(one movement per bin, carrying it); the rest of each line, and every line left out (or no body), leaves " +
    "the unbinned remainder, so levels and bins stay equal to their ledger rows. A bin of another location or " +
    "store, one named twice, or bins giving more than the line ships: 400 naming `lines.N.from_bins…`; an " +
    "archived bin: 409 `bin/archived`. Units a bin or the unbinned remainder does not hold are a 409 " +
    "`transfer/not-enough-stock` naming each (`lines.N.from_bins.M.quantity` for a bin, " +
    "`transfer.lines.N.quantity` for the unbinned remainder of the transfer's line N) and nothing moves; a " +
    "transfer past DRAFT, also one a racing request shipped or cancelled, a 409 `transfer/wrong-status`; an " +
    `archived origin or destination a 409 \`transfer/location-archived\`. ${EVENTS} ${EXTENSION}`,
  tag: TAG,
  params: transferParams,
  body: shipTransferRequestSchema,
  bodyOptional: true,
  responses: { 200: { description: "The transfer, now in transit.", schema: transferResponseSchema } },
  errors: [400, ...AUTH, 404, 409, 413, 415],
});

export const cancelTransfer = defineContract({
  method: "post",
  path: "/stores/{storeId}/transfers/{transferId}/cancel",
  operationId: "cancelTransfer",
  resource: "transfer",
  access: "write",
  storeOf: "transfer",
  summary: "Cancel a transfer",
  description:
    "DRAFT or IN_TRANSIT -> CANCELLED. In transit, the units return to the origin's unbinned stock (reason " +
    "`transfer_cancelled`) and the destination's shipment is cancelled (an `inbound_shipment` `deleted` " +
    "event). Once any unit was received, damaged or missing, and for a closed or cancelled transfer, it is a " +
    `409 \`transfer/wrong-status\`: receive the rest or mark it missing. ${EVENTS} ${EXTENSION}`,
  tag: TAG,
  params: transferParams,
  responses: { 200: { description: "The cancelled transfer.", schema: transferResponseSchema } },
  errors: [...AUTH, 404, 409],
});
