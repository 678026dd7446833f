import { z } from "zod";
import {
  addSupplierClaimLineRequestSchema,
  updateSupplierClaimLineRequestSchema,
} from "../schemas/supplier-claim-lines";
import {
  creditSupplierClaimRequestSchema,
  discardSupplierClaimRequestSchema,
  listSupplierClaimsQuerySchema,
  listSupplierClaimsResponseSchema,
  rejectSupplierClaimRequestSchema,
  sendSupplierClaimRequestSchema,
  supplierClaimResponseSchema,
} from "../schemas/suppliers";
import { AUTH, CSV_FILE, defineContract, defineListContract, id, storeParams } from "./contract";

/**
 * Supplier claims (docs/suppliers.md). Backroom extensions: the real service publishes no claims. Claims are
 * drafted by receipts (and return-to-vendor units), never created by a request; staff send, credit or reject
 * them. Problem types `com.service.api:supplier-claim/<code>`.
 */

const TAG = "Supplier claims";
const EXTENSION = "Backroom extension: the real service publishes no supplier claims.";
const claimParams = storeParams.extend({ supplierClaimId: id("Supplier claim id (`scl_…`).") });
const lineParams = claimParams.extend({ supplierClaimLineId: id("Supplier claim line id (`scn_…`).") });
const DRAFT_ONLY =
  "Only a DRAFT claim's lines change: a SENT, CREDITED, REJECTED or DISCARDED claim is a 409 `supplier-claim/wrong-status` " +
  "naming its status. A line of another claim, or one removed, is a 404 `supplier-claim-line/not-found`. The " +
  "claim's total, line and unit counts are recomputed in the same transaction.";
const EVENTS =
  "Records a history entry (who, when) and a `supplier_claim` event (webhook topic `supplier_claim`) with the " +
  "claim as Get supplier claim answers it.";
const WRONG_STATUS =
  "A claim in another status, also one a racing request moved, is a 409 `supplier-claim/wrong-status`.";

export const listSupplierClaims = defineListContract({
  path: "/stores/{storeId}/supplier-claims",
  operationId: "listSupplierClaims",
  resource: "supplier-claim",
  summary: "List supplier claims",
  description:
    "The store's claims, most recently updated first, without lines; filters `status`, `supplier_id` and a " +
    `\`created_at\` range. Header paging as the other lists. ${EXTENSION}`,
  tag: TAG,
  params: storeParams,
  query: listSupplierClaimsQuerySchema,
  page: { description: "A page of claims.", schema: listSupplierClaimsResponseSchema },
  errors: [400, ...AUTH],
});

export const exportSupplierClaims = defineContract({
  method: "get",
  path: "/stores/{storeId}/supplier-claims/export",
  operationId: "exportSupplierClaims",
  resource: "supplier-claim",
  access: "read",
  summary: "Export supplier claims as CSV",
  description:
    "The claims the list's filters select, one row each, most recently updated first, streamed. Columns: id, " +
    "status, supplier_id, supplier_name, currency, total, credited, due_date, line_count, unit_count, sent_at, " +
    `resolved_at, created_at, updated_at. ${EXTENSION}`,
  tag: TAG,
  params: storeParams,
  query: listSupplierClaimsQuerySchema,
  responses: { 200: CSV_FILE },
  errors: [400, ...AUTH],
});

export const getSupplierClaim = defineContract({
  method: "get",
  path: "/stores/{storeId}/supplier-claims/{supplierClaimId}",
  operationId: "getSupplierClaim",
  resource: "supplier-claim",
  access: "read",
  storeOf: "supplierClaim",
  summary: "Get a supplier claim",
  description: `One claim with its lines (reason, units, unit cost, photos, source) and history. ${EXTENSION}`,
  tag: TAG,
  params: claimParams,
  responses: { 200: { description: "The claim.", schema: supplierClaimResponseSchema } },
  errors: [...AUTH, 404],
});

export const getSupplierClaimPdf = defineContract({
  method: "get",
  path: "/stores/{storeId}/supplier-claims/{supplierClaimId}/pdf",
  operationId: "getSupplierClaimPdf",
  resource: "supplier-claim",
  access: "read",
  storeOf: "supplierClaim",
  summary: "Download a supplier claim as PDF",
  description: `The claim as a Letter PDF to send to the supplier: who to, due date, lines and total. ${EXTENSION}`,
  tag: TAG,
  params: claimParams,
  responses: {
    200: {
      description: "The PDF, as an attachment named `claim-<id>.pdf`.",
      contentType: "application/pdf",
      schema: z.string(),
    },
  },
  errors: [...AUTH, 404],
});

export const getSupplierClaimCsv = defineContract({
  method: "get",
  path: "/stores/{storeId}/supplier-claims/{supplierClaimId}/csv",
  operationId: "getSupplierClaimCsv",
  resource: "supplier-claim",
  access: "read",
  storeOf: "supplierClaim",
  summary: "Download a supplier claim's lines as CSV",
  description:
    "One row per line: claim_id, supplier, line_id, reason, sku, title, quantity, unit_cost, total, currency, " +
    `inbound_shipment_id, receipt_id, return_id, photos (URLs, space-separated), note. ${EXTENSION}`,
  tag: TAG,
  params: claimParams,
  responses: { 200: CSV_FILE },
  errors: [...AUTH, 404],
});

export const sendSupplierClaim = defineContract({
  method: "post",
  path: "/stores/{storeId}/supplier-claims/{supplierClaimId}/send",
  operationId: "sendSupplierClaim",
  resource: "supplier-claim",
  access: "write",
  storeOf: "supplierClaim",
  summary: "Mark a supplier claim sent",
  description:
    "DRAFT -> SENT, with an optional `note`. Its lines are then fixed: units claimed later open a new draft. " +
    `${WRONG_STATUS} ${EVENTS} ${EXTENSION}`,
  tag: TAG,
  params: claimParams,
  body: sendSupplierClaimRequestSchema,
  responses: { 200: { description: "The claim, now sent.", schema: supplierClaimResponseSchema } },
  errors: [400, ...AUTH, 404, 409, 413, 415],
});

export const creditSupplierClaim = defineContract({
  method: "post",
  path: "/stores/{storeId}/supplier-claims/{supplierClaimId}/credit",
  operationId: "creditSupplierClaim",
  resource: "supplier-claim",
  access: "write",
  storeOf: "supplierClaim",
  summary: "Mark a supplier claim credited",
  description:
    "SENT -> CREDITED with `credited_amount` (the amount recovered, 0 or more, in the claim's currency) and an " +
    `optional \`note\`. ${WRONG_STATUS} ${EVENTS} ${EXTENSION}`,
  tag: TAG,
  params: claimParams,
  body: creditSupplierClaimRequestSchema,
  responses: { 200: { description: "The credited claim.", schema: supplierClaimResponseSchema } },
  errors: [400, ...AUTH, 404, 409, 413, 415],
});

export const rejectSupplierClaim = defineContract({
  method: "post",
  path: "/stores/{storeId}/supplier-claims/{supplierClaimId}/reject",
  operationId: "rejectSupplierClaim",
  resource: "supplier-claim",
  access: "write",
  storeOf: "supplierClaim",
  summary: "Mark a supplier claim rejected",
  description: `SENT -> REJECTED with the supplier's reason (\`note\`, required). ${WRONG_STATUS} ${EVENTS} ${EXTENSION}`,
  tag: TAG,
  params: claimParams,
  body: rejectSupplierClaimRequestSchema,
  responses: { 200: { description: "The rejected claim.", schema: supplierClaimResponseSchema } },
  errors: [400, ...AUTH, 404, 409, 413, 415],
});

export const discardSupplierClaim = defineContract({
  method: "post",
  path: "/stores/{storeId}/supplier-claims/{supplierClaimId}/discard",
  operationId: "discardSupplierClaim",
  resource: "supplier-claim",
  access: "write",
  storeOf: "supplierClaim",
  summary: "Discard a draft supplier claim",
  description:
    "DRAFT -> DISCARDED, with an optional `note` (why). The draft is not sent: every unit its lines claimed is " +
    "waived (kept on the line as `waived_quantity`, so the receipts' and returns' units stay explained), so it " +
    "answers with no lines and a zero total. DISCARDED is final; units claimed later open a new draft. " +
    `${WRONG_STATUS} ${EVENTS} ${EXTENSION}`,
  tag: TAG,
  params: claimParams,
  body: discardSupplierClaimRequestSchema,
  responses: { 200: { description: "The discarded claim.", schema: supplierClaimResponseSchema } },
  errors: [400, ...AUTH, 404, 409, 413, 415],
});

export const addSupplierClaimLine = defineContract({
  method: "post",
  path: "/stores/{storeId}/supplier-claims/{supplierClaimId}/lines",
  operationId: "addSupplierClaimLine",
  resource: "supplier-claim",
  access: "write",
  storeOf: "supplierClaim",
  summary: "Add a line by hand to a draft supplier claim",
  description:
    "A line no receipt or return drafted (`source` manual): a product of the store by `sku`, `reason` damaged, " +
    "missing or wrong_item, `quantity` (1 or more), `unit_cost` (0 or more, at most 2 decimals) and an optional " +
    "`note`. An unknown SKU or a bad value is a 400 naming the field. Its units are what staff say (no receipt " +
    "recorded them), so an edit may set them freely. Only a DRAFT claim takes one: another status is a 409 " +
    `\`supplier-claim/wrong-status\` naming it. ${EVENTS} ${EXTENSION}`,
  tag: TAG,
  params: claimParams,
  body: addSupplierClaimLineRequestSchema,
  responses: {
    201: { description: "The claim with the new line last.", schema: supplierClaimResponseSchema },
  },
  errors: [400, ...AUTH, 404, 409, 413, 415],
});

export const updateSupplierClaimLine = defineContract({
  method: "patch",
  path: "/stores/{storeId}/supplier-claims/{supplierClaimId}/lines/{supplierClaimLineId}",
  operationId: "updateSupplierClaimLine",
  resource: "supplier-claim",
  access: "write",
  storeOf: "supplierClaim",
  summary: "Edit a draft supplier claim's line",
  description:
    "Changes any of the line's `quantity` (1 up to the units its receipt or return recorded; the units no longer " +
    "claimed are its `waived_quantity`, so every recorded unit stays explained), `unit_cost` (0 or more, at most " +
    "2 decimals) and `reason` (a damaged, missing or wrong_item line may take any of those three; an over or " +
    "return_to_vendor line keeps its reason). Anything else is a 400 naming the field. A change that changes " +
    `nothing answers the claim unchanged. ${DRAFT_ONLY} ${EVENTS} ${EXTENSION}`,
  tag: TAG,
  params: lineParams,
  body: updateSupplierClaimLineRequestSchema,
  responses: {
    200: { description: "The claim with the line changed.", schema: supplierClaimResponseSchema },
  },
  errors: [400, ...AUTH, 404, 409, 413, 415],
});

export const removeSupplierClaimLine = defineContract({
  method: "delete",
  path: "/stores/{storeId}/supplier-claims/{supplierClaimId}/lines/{supplierClaimLineId}",
  operationId: "removeSupplierClaimLine",
  resource: "supplier-claim",
  access: "write",
  storeOf: "supplierClaim",
  summary: "Remove a line from a draft supplier claim",
  description:
    "None of the line's units are claimed any more: it leaves the claim's lines (its units are kept as waived " +
    "for the books). A draft keeps at least one line: removing its last is a 409 `supplier-claim/last-line`. " +
    `${DRAFT_ONLY} ${EVENTS} ${EXTENSION}`,
  tag: TAG,
  params: lineParams,
  responses: { 200: { description: "The claim without the line.", schema: supplierClaimResponseSchema } },
  errors: [...AUTH, 404, 409],
});
