import { z } from "zod";
import {
  createReturnRequestSchema,
  createReturnResponseSchema,
  RETURN_CREATE_ITEMS_MAX,
} from "../schemas/return-create";
import {
  commentResponseSchema,
  createCommentBodySchema,
  getReturnResponseSchema,
  listReturnsQuerySchema,
  listReturnsResponseSchema,
  returnCommentsResponseSchema,
  returnFiltersSchema,
  returnResponseSchema,
  setItemIdentifiersBodySchema,
} from "../schemas/returns";
import {
  AUTH,
  CSV_FILE,
  defineContract,
  defineListContract,
  id,
  returnParams,
  storeParams,
} from "./contract";

/** Comments carry images of up to 5 MiB as base64, so their body limit is 8 MiB (decisions §10). */
export const COMMENT_BODY_LIMIT = 8 * 1024 * 1024;

export const setReturnItemIdentifiers = defineContract({
  method: "put",
  path: "/stores/{storeId}/returns/{returnId}/item-identifiers",
  operationId: "setReturnItemIdentifiers",
  resource: "return",
  access: "write",
  storeOf: "return",
  summary: "Set return item identifiers",
  description:
    "Atomic: every entry is applied or none. Unknown item ids give 400 `com.service.api:return/item-not-found` " +
    "naming each of them; a malformed body gives 400 `com.service.api:return/invalid-request`.",
  tag: "Returns",
  params: storeParams.extend(returnParams.shape),
  body: setItemIdentifiersBodySchema,
  responses: { 200: { description: "The full return after the update.", schema: returnResponseSchema } },
  errors: [400, ...AUTH, 404, 413, 415],
});

export const createReturnComment = defineContract({
  method: "post",
  path: "/returns/{returnId}/comments",
  operationId: "createReturnComment",
  resource: "return",
  access: "write",
  storeOf: "return",
  bodyLimit: COMMENT_BODY_LIMIT,
  summary: "Create return comment",
  description:
    "A message (1 to 10,000 characters) or an image (base64 PNG, JPEG, GIF or WebP, at most 5 MiB).",
  tag: "Returns",
  params: returnParams,
  body: createCommentBodySchema,
  responses: { 201: { description: "The comment.", schema: commentResponseSchema } },
  errors: [400, ...AUTH, 404, 413, 415],
});

export const listReturnComments = defineContract({
  method: "get",
  path: "/returns/{returnId}/comments",
  operationId: "listReturnComments",
  resource: "return",
  access: "read",
  summary: "List return comments",
  description:
    "The return's comments, oldest first: each a message or an image URL. Who wrote each and when are on " +
    "the return's timeline (`GET /returns/{returnId}/timeline`).",
  tag: "Returns",
  params: returnParams,
  responses: { 200: { description: "The comments.", schema: returnCommentsResponseSchema } },
  errors: [...AUTH, 404],
});

export const getReturn = defineContract({
  method: "get",
  path: "/returns/{returnId}",
  operationId: "getReturn",
  resource: "return",
  access: "read",
  summary: "Get return",
  tag: "Returns",
  params: returnParams,
  responses: { 200: { description: "The return and its order.", schema: getReturnResponseSchema } },
  errors: [...AUTH, 404],
});

export const listReturns = defineListContract({
  path: "/stores/{storeId}/returns",
  operationId: "listReturns",
  resource: "return",
  summary: "List returns",
  description: "Newest updated first, with their orders. Same header paging as inbound shipments.",
  tag: "Returns",
  params: storeParams,
  query: listReturnsQuerySchema,
  page: { description: "A page of returns.", schema: listReturnsResponseSchema },
  errors: [400, ...AUTH],
});

export const createReturn = defineContract({
  method: "post",
  path: "/stores/{storeId}/returns",
  operationId: "createReturn",
  resource: "return",
  access: "write",
  summary: "Create return",
  description:
    "A return against an order's lines (the real service's create-return-request): each item names a line by " +
    "its merchant id (or `oli_…`), with a quantity, reason, optional reason code and customer notes, and " +
    "`refund` or `store_credit`. A line's units already in returns that are not rejected or deleted cannot be claimed " +
    "again; the credited value is the unit price less the line's discount share. The source is the order's " +
    "customer with `shippingAddress`; the destination is a location's return address (`locationId`, or the " +
    "first active location by name that has one; none: 409 `return/no-return-address`). A `label` becomes " +
    "the return's shipment (pre-transit); `notes` its first comment, by the caller. Backroom extensions: " +
    "`type` and `status` (`open`, or `pre_shipment`). Unknown order or line, or too many units: 400 naming " +
    `each path, nothing written. Up to ${RETURN_CREATE_ITEMS_MAX} items. Answers the return as Get return ` +
    "does and records a `return` `created` event. Idempotency-Key honoured. Editors and admins.",
  tag: "Returns",
  params: storeParams,
  body: createReturnRequestSchema,
  responses: { 201: { description: "The new return.", schema: createReturnResponseSchema } },
  errors: [400, ...AUTH, 409, 413, 415],
});

export const getCommentImage = defineContract({
  method: "get",
  path: "/comment-images/{imageId}",
  operationId: "getCommentImage",
  resource: "comment-image",
  access: "read",
  summary: "Get comment image",
  description:
    "The image of an image comment: the URL a return's `notes` carry. Served to callers who may read the " +
    "return's store; content-addressed by id, so it is cached for a year.",
  tag: "Returns",
  params: z.object({ imageId: id("Comment image id (`img_…`).") }),
  responses: {
    200: {
      description: "The image, as uploaded (PNG, JPEG, GIF or WebP).",
      contentType: "image/*",
      schema: z.string().meta({ format: "binary" }),
    },
  },
  errors: [...AUTH, 404],
});

export const exportReturns = defineContract({
  method: "get",
  path: "/stores/{storeId}/returns/export",
  operationId: "exportReturns",
  resource: "return",
  access: "read",
  summary: "Export returns as CSV",
  description:
    "The returns the list's filters select, with their items: one CSV row per item, most recently updated " +
    "first, streamed. Columns: id, status, type, created_at, updated_at, order_id, order_name, " +
    "customer_name, customer_email, currency, refund_total, store_credit_total, exchange_total, charge_total, " +
    "item_id, sku, product_name, variant_name, quantity, reason, external_identifier, grade, outcome, " +
    "refund_amount, refund_type. A cell a spreadsheet would run as a formula is prefixed with `'`.",
  tag: "Returns",
  params: storeParams,
  query: returnFiltersSchema,
  responses: { 200: CSV_FILE },
  errors: [400, ...AUTH],
});
