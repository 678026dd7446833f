import {
  addReturnTagBodySchema,
  approveReturnBodySchema,
  deleteReturnTagResponseSchema,
  processReturnBodySchema,
  processReturnResponseSchema,
  returnStatusResponseSchema,
  returnTagResponseSchema,
  returnTagsResponseSchema,
  updateReturnStatusBodySchema,
} from "../schemas/return-lifecycle";
import {
  returnShipmentStatusBodySchema,
  returnShipmentStatusResponseSchema,
} from "../schemas/return-tracking";
import { getReturnResponseSchema, returnSchema } from "../schemas/returns";
import { AUTH, defineContract, id, returnParams, storeParams } from "./contract";

/**
 * The return lifecycle (docs/returns-lifecycle.md): the real service's status, approve, process and flag
 * operations (redoapp/redo-dev redo/api-schema/src/path), and per-return tags, a Backroom extension.
 * Every change is an editor's, records the return's activity and a `return` `updated` event.
 */

const TRANSITION_409 =
  "A move outside the lifecycle's edges is 409 `com.service.api:return/invalid-transition`, whose detail " +
  "names the current status and every allowed target with the operation that takes it.";

export const getReturnStatus = defineContract({
  method: "get",
  path: "/returns/{returnId}/status",
  operationId: "getReturnStatus",
  resource: "return",
  access: "read",
  summary: "Get return status",
  tag: "Returns",
  params: returnParams,
  responses: { 200: { description: "The return's status.", schema: returnStatusResponseSchema } },
  errors: [...AUTH, 404],
});

export const updateReturnStatus = defineContract({
  method: "put",
  path: "/returns/{returnId}/status",
  operationId: "updateReturnStatus",
  resource: "return",
  access: "write",
  storeOf: "return",
  summary: "Update return status",
  description:
    "The published request values (docs/returns-lifecycle.md). `flagged`, `rejected`, `deleted`: from any " +
    "return still under way. `complete`: close a return under way (not `pre_shipment`) without further " +
    "processing; its items not yet processed are marked complete. `open`: approves a `pre_shipment` return " +
    "(every item ships back), resumes a `flagged` return at the status it had before it was flagged, and " +
    "reopens a `complete` or `rejected` return (its items are open again; refunds and restocks already done " +
    "stay). The status the return already has: 204, nothing changes. " +
    `${TRANSITION_409} Backroom extension: \`customerNotes\`.`,
  tag: "Returns",
  params: returnParams,
  body: updateReturnStatusBodySchema,
  responses: { 204: { description: "Updated." } },
  errors: [400, ...AUTH, 404, 409, 413, 415],
});

export const updateReturnShipmentStatus = defineContract({
  method: "post",
  path: "/stores/{storeId}/return-shipments/{trackingNumber}/shipment-status",
  operationId: "updateReturnShipmentStatus",
  resource: "return-shipment",
  access: "write",
  storeOf: "returnShipment",
  summary: "Update return shipment status",
  description:
    "A carrier-tracking update for a return's parcel, found by its tracking number among the store's " +
    "returns (the body of the real service's Update Fulfillment Status). `in_transit`, `out_for_delivery` " +
    "and `available_for_pickup` move an `open` return to `in_transit`; `delivered` moves an `open` or " +
    "`in_transit` return to `delivered` once all its tracked parcels are delivered (the parcel at " +
    "`datetime`), else to `in_transit`. Parcels only move forward. Each move records the return's activity " +
    "and a `return` `updated` event (a parcel delivered while others travel: the event only). A return already at or past that status, or a " +
    "status that moves nothing (`pre_transit`, `failure`, the events…): 200 with `changed: false`, " +
    "nothing written. Every return with a parcel of that number is moved. An unknown tracking number: " +
    "404 `return-shipment/not-found`. A return in `pre_shipment`, `flagged`, `rejected` or `deleted`: " +
    TRANSITION_409,
  tag: "Returns",
  params: storeParams.extend({ trackingNumber: id("The parcel's tracking number (URL-encoded).") }),
  body: returnShipmentStatusBodySchema,
  responses: { 200: { description: "What the update did.", schema: returnShipmentStatusResponseSchema } },
  errors: [400, ...AUTH, 404, 409, 413, 415],
});

export const approveReturn = defineContract({
  method: "post",
  path: "/returns/{returnId}/approve",
  operationId: "approveReturn",
  resource: "return",
  access: "write",
  storeOf: "return",
  summary: "Approve return",
  description:
    "`pre_shipment` -> `open`. Each item ships back unless `items` gives it `shipBack: false`, which makes " +
    "it green (`greenReturn`: the customer keeps it; a return whose items are all green can be processed " +
    "while `open`). Unknown item ids: 400 `return/item-not-found`. The body may be `{}` or left out. " +
    `${TRANSITION_409} Idempotency-Key honoured.`,
  tag: "Returns",
  params: returnParams,
  body: approveReturnBodySchema,
  bodyOptional: true,
  responses: { 200: { description: "The approved return and its order.", schema: getReturnResponseSchema } },
  errors: [400, ...AUTH, 404, 409, 413, 415],
});

export const processReturn = defineContract({
  method: "post",
  path: "/returns/{returnId}/process",
  operationId: "processReturn",
  resource: "return",
  access: "write",
  storeOf: "return",
  summary: "Process return",
  description:
    "From `delivered`, `needs_review` or `in_review` (or `open` for a green return). Per product: `processInput` (optionally `restock` to " +
    "a `locationId`: the level there grows by the item's quantity, a movement with reason `returned`; and " +
    "`newMerchantAdjustment`, the amount credited instead of the item's value) or `reject` with a " +
    "`rejectReason` (credited nothing); each with an optional `grade` and `outcome`. When every item of the " +
    "return is processed it is `complete`; otherwise it is `in_review` and the message says some are still to come. Unknown items: " +
    "400 `return/item-not-found`; an item processed before: 409 `return/item-already-processed`; a restock " +
    "without an inventory item for the product: 409 `return/no-inventory-item`; nothing is written then. " +
    `${TRANSITION_409} Backroom extensions: \`locationId\`, \`rejectReason\`, \`grade\`, \`outcome\`, ` +
    "`inspection` (the answers to the item's inspection checklist, see `getReturnInspection`: a required answer " +
    "missing is a 400 whose detail names it; kept as one of the item's `assessments`, photos as image URLs) " +
    "and the `return` in the answer. Idempotency-Key honoured.",
  tag: "Returns",
  params: returnParams,
  body: processReturnBodySchema,
  // Inspection photos travel as base64 (5 MiB each), as comment images do.
  bodyLimit: 8 * 1024 * 1024,
  responses: { 200: { description: "Processing done.", schema: processReturnResponseSchema } },
  errors: [400, ...AUTH, 404, 409, 413, 415],
});

export const flagReturn = defineContract({
  method: "post",
  path: "/returns/{returnId}/flag",
  operationId: "flagReturn",
  resource: "return",
  access: "write",
  storeOf: "return",
  summary: "Flag return",
  description:
    "Backroom alias of PUT status `flagged` (flagging is a status): the return becomes `flagged` and " +
    "remembers its status, which Unflag restores. A flagged return stays as it is; a `complete`, `rejected` " +
    `or \`deleted\` return cannot be flagged. ${TRANSITION_409} Answers the return.`,
  tag: "Returns",
  params: returnParams,
  responses: { 200: { description: "The return.", schema: returnSchema } },
  errors: [...AUTH, 404, 409],
});

export const receiveReturn = defineContract({
  method: "post",
  path: "/returns/{returnId}/receive",
  operationId: "receiveReturn",
  resource: "return",
  access: "write",
  storeOf: "return",
  summary: "Mark return received",
  description:
    "Backroom extension: staff confirm the parcel arrived (its carrier says delivered, or it is on the " +
    "bench), and a `pre_shipment`, `open` or `in_transit` return goes straight to `delivered`, ready to " +
    "process: approved with every undecided item shipping back, its items `received`, one `status_changed` " +
    "activity (`via: receive`) and one `return` `updated` event, in one transaction. A return already " +
    `\`delivered\`, \`needs_review\` or \`in_review\` is left as it is. ${TRANSITION_409} Answers the return.`,
  tag: "Returns",
  params: returnParams,
  responses: { 200: { description: "The return.", schema: returnSchema } },
  errors: [...AUTH, 404, 409],
});

export const unflagReturn = defineContract({
  method: "post",
  path: "/returns/{returnId}/unflag",
  operationId: "unflagReturn",
  resource: "return",
  access: "write",
  storeOf: "return",
  summary: "Unflag return",
  description:
    "Backroom alias of PUT status `open` on a flagged return: it goes back to the status it had before it " +
    "was flagged. A return that is not flagged is left as it is. Answers the return.",
  tag: "Returns",
  params: returnParams,
  responses: { 200: { description: "The return.", schema: returnSchema } },
  errors: [...AUTH, 404],
});

export const listReturnTags = defineContract({
  method: "get",
  path: "/returns/{returnId}/tags",
  operationId: "listReturnTags",
  resource: "return",
  access: "read",
  summary: "List return's tags",
  description: "Backroom extension: the tags on one return, oldest first.",
  tag: "Returns",
  params: returnParams,
  responses: { 200: { description: "The tags.", schema: returnTagsResponseSchema } },
  errors: [...AUTH, 404],
});

export const addReturnTag = defineContract({
  method: "post",
  path: "/returns/{returnId}/tags",
  operationId: "addReturnTag",
  resource: "return",
  access: "write",
  storeOf: "return",
  summary: "Add a tag to a return",
  description:
    "Backroom extension (the real service's return tags are the store's catalogue of names): puts a tag " +
    "(1 to 100 characters, trimmed) on the return with source `staff`: 201. A tag the return already has: " +
    "200, unchanged.",
  tag: "Returns",
  params: returnParams,
  body: addReturnTagBodySchema,
  responses: {
    200: { description: "The return already had the tag.", schema: returnTagResponseSchema },
    201: { description: "The tag was added.", schema: returnTagResponseSchema },
  },
  errors: [400, ...AUTH, 404, 413, 415],
});

export const removeReturnTag = defineContract({
  method: "delete",
  path: "/returns/{returnId}/tags/{tagName}",
  operationId: "removeReturnTag",
  resource: "return",
  access: "write",
  storeOf: "return",
  summary: "Remove a tag from a return",
  description:
    "Backroom extension: takes the tag off the return; a tag it does not have answers the same. Answers " +
    "`{ success: true }` like the real service's tag delete.",
  tag: "Returns",
  params: returnParams.extend({ tagName: id("The tag's name (URL-encoded).") }),
  responses: { 200: { description: "Removed.", schema: deleteReturnTagResponseSchema } },
  errors: [...AUTH, 404],
});
