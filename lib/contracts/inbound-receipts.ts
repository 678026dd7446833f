import {
  createReceiptHeadersSchema,
  createReceiptRequestSchema,
  createReceiptResponseSchema,
  listDiscrepanciesResponseSchema,
  listReceiptsResponseSchema,
  RECEIPT_LINES_MAX,
  RECEIPT_PHOTOS_MAX,
} from "../schemas/inbound-receipts";
import { listInboundShipmentsQuerySchema } from "../schemas/inbound-shipments";
import { listSubjectEventsResponseSchema } from "../schemas/subject-events";
import { AUTH, CSV_FILE, defineContract, defineListContract, id, storeParams } from "./contract";

/* Receiving (docs/receiving.md). Not in the real service's published schemas: inbound-shipment conventions. */

const shipmentParams = storeParams.extend({ inboundShipmentId: id("Inbound shipment id (`inb_…`).") });

export const createInboundReceipt = defineContract({
  method: "post",
  path: "/stores/{storeId}/inbound-shipments/{inboundShipmentId}/receipts",
  operationId: "createInboundReceipt",
  resource: "inbound-receipt",
  access: "write",
  storeOf: "inboundShipment",
  summary: "Receive units of an inbound shipment",
  description:
    `Records a receipt: up to ${RECEIPT_LINES_MAX.toLocaleString("en-US")} lines, each naming a shipment line by ` +
    "`item_id`, `sku` or `upc` (a scanned barcode), with `received` (good units, added to the stock of the " +
    "line's product at the shipment's destination as a `received` ledger movement), `damaged` and `missing` " +
    "(each with a reason; `other` needs a note) and up to " +
    `${RECEIPT_PHOTOS_MAX} photos. Received units beyond the expected quantity are an overage, shown as a ` +
    "positive discrepancy. In one transaction under the shipment's lock: the receipt, the lines' and shipment's " +
    "counters, the status (PARTIALLY_RECEIVED, or RECEIVED once every line's received + damaged + missing covers " +
    "its expected units), `updated_at`, the movements, and `inbound_shipment` and `inventory_item` `updated` " +
    "events. Receipts are never edited: `corrects_receipt_id` makes a correcting receipt whose quantities may be " +
    "negative (409 `inbound-receipt/below-zero` if a line would fall below zero, `inventory-movement/negative-level` " +
    "if stock would). A line no shipment line matches is 400 naming it; nothing is written. Send an " +
    "Idempotency-Key from a scanner that retries: the retry answers the first receipt. A scanner sending one unit " +
    "at a time sends `Prefer: return=minimal` to get the receipt without the shipment's detail " +
    "(`Preference-Applied: return=minimal` says it was honoured). Editors and admins.",
  tag: "Inbound Shipments",
  params: shipmentParams,
  headers: createReceiptHeadersSchema,
  body: createReceiptRequestSchema,
  bodyLimit: 8 * 1024 * 1024,
  responses: {
    201: {
      description: "The receipt and the shipment as it now is.",
      schema: createReceiptResponseSchema,
      headers: {
        "Preference-Applied": {
          description: "`return=minimal` when the shipment was left out.",
          schema: { type: "string" },
        },
      },
    },
  },
  errors: [400, ...AUTH, 404, 409, 413, 415],
});

export const listInboundReceipts = defineListContract({
  path: "/stores/{storeId}/inbound-shipments/{inboundShipmentId}/receipts",
  operationId: "listInboundReceipts",
  resource: "inbound-receipt",
  storeOf: "inboundShipment",
  summary: "List a shipment's receipts",
  description: "Newest first, each with its lines, who received and when; header paging.",
  tag: "Inbound Shipments",
  params: shipmentParams,
  page: { description: "A page of receipts.", schema: listReceiptsResponseSchema },
  errors: [400, ...AUTH, 404],
});

const DISCREPANCY =
  "A line is in the report when it has damaged or missing units or an overage (received beyond expected); the " +
  "reasons are those its receipts gave. Same filters as List inbound shipments; most recently updated shipment " +
  "first.";

export const listInboundShipmentDiscrepancies = defineListContract({
  path: "/stores/{storeId}/inbound-shipments/discrepancies",
  operationId: "listInboundShipmentDiscrepancies",
  resource: "inbound-shipment",
  summary: "List receiving discrepancies",
  description: `${DISCREPANCY} Header paging.`,
  tag: "Inbound Shipments",
  params: storeParams,
  query: listInboundShipmentsQuerySchema,
  page: { description: "A page of discrepancies.", schema: listDiscrepanciesResponseSchema },
  errors: [400, ...AUTH],
});

export const exportInboundShipmentDiscrepancies = defineContract({
  method: "get",
  path: "/stores/{storeId}/inbound-shipments/discrepancies/export",
  operationId: "exportInboundShipmentDiscrepancies",
  resource: "inbound-shipment",
  access: "read",
  summary: "Export receiving discrepancies as CSV",
  description:
    `${DISCREPANCY} Streamed. Columns: inbound_shipment_id, shipment_id, status, location_name, item_id, sku, ` +
    "product_title, expected_quantity, received_quantity, damaged_quantity, missing_quantity, overage, " +
    "discrepancy, damaged_reasons, missing_reasons (space-separated), shipment_updated_at.",
  tag: "Inbound Shipments",
  params: storeParams,
  query: listInboundShipmentsQuerySchema,
  responses: { 200: CSV_FILE },
  errors: [400, ...AUTH],
});

export const listInboundShipmentEvents = defineListContract({
  path: "/stores/{storeId}/inbound-shipments/{inboundShipmentId}/events",
  operationId: "listInboundShipmentEvents",
  resource: "inbound-shipment",
  storeOf: "inboundShipment",
  summary: "List a shipment's events",
  description:
    "The `inbound_shipment` events recorded for this shipment (created, updated by each change and receipt, " +
    "deleted), newest first, each with its webhook deliveries by status. Payloads are in the webhook deliveries. " +
    "Header paging.",
  tag: "Inbound Shipments",
  params: shipmentParams,
  page: { description: "A page of events.", schema: listSubjectEventsResponseSchema },
  errors: [400, ...AUTH, 404],
});
