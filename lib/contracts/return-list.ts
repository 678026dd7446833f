import { MAX_BULK_RETURNS } from "../schemas/limits";
import {
  bulkReturnsBodySchema,
  bulkReturnsResponseSchema,
  returnCountsQuerySchema,
  returnCountsResponseSchema,
} from "../schemas/return-bulk";
import {
  importReturnsBodySchema,
  importReturnsResponseSchema,
  MAX_IMPORTED_RETURNS,
} from "../schemas/return-import";
import { AUTH, defineContract, storeParams } from "./contract";

/**
 * Operations over the returns list as a whole, Backroom extensions: the status tabs' counts and
 * bulk lifecycle actions.
 * Bulk is an admin's: one request can move 500 returns, where an editor moves them one at a time.
 */

export const importReturns = defineContract({
  method: "post",
  path: "/stores/{storeId}/returns/bulk",
  operationId: "importReturns",
  resource: "return",
  access: "write",
  summary: "Import returns",
  description:
    `The package's Import returns: up to ${MAX_IMPORTED_RETURNS} returns made outside Backroom (a warehouse ` +
    "scan, an ERP), each created `open` by Create return's rules in its own transaction on an order of its " +
    "own (named `IMP-…`, tagged `imported-return`) holding its products as lines; `productId` is a product " +
    "(`prd_…`, the variant with the given `sku`, else its first) or a variant (`var_…`). Always 200 with a " +
    "result per entry in request order: `{ index, status: created, returnId }` or `{ index, status: error, " +
    "error }`. `externalReferenceId` is unique per store (a second import with it is an error entry, even " +
    "when two imports race); an entry whose `idempotencyKey` was imported before answers that return. A " +
    "`customer.email` creates or updates the customer's profile.",
  tag: "Returns",
  params: storeParams,
  body: importReturnsBodySchema,
  responses: { 200: { description: "A result per entry.", schema: importReturnsResponseSchema } },
  errors: [400, ...AUTH, 413, 415],
});

export const bulkReturnActions = defineContract({
  method: "post",
  path: "/stores/{storeId}/returns/bulk-actions",
  operationId: "bulkReturnActions",
  resource: "return",
  access: "admin",
  summary: "Bulk return action",
  description:
    `Backroom extension: approve, flag, unflag or set the status of up to ${MAX_BULK_RETURNS} returns, named ` +
    "by `return_ids` or selected by `filter` (the List returns query; more than " +
    `${MAX_BULK_RETURNS} matches: 400). Each return is changed in its own transaction by the single ` +
    "operation's rules (events and activities included), so each succeeds or fails whole and the others are " +
    "not affected. Always 200 with a result per distinct id, in request order: `{ id, ok: true }` or " +
    "`{ id, ok: false, error: { status, code, detail } }` with what the single operation would have " +
    "answered (an unknown id, or one of another store, is `404 return/not-found`). Admins only.",
  tag: "Returns",
  params: storeParams,
  body: bulkReturnsBodySchema,
  responses: { 200: { description: "A result per return.", schema: bulkReturnsResponseSchema } },
  errors: [400, ...AUTH, 413, 415],
});

export const countReturns = defineContract({
  method: "get",
  path: "/stores/{storeId}/returns/counts",
  operationId: "countReturns",
  resource: "return",
  access: "read",
  summary: "Count returns by status",
  description:
    "Backroom extension: how many returns each status holds under the List returns filters other than " +
    "`status` (the list's status tabs), and their total. Every status is present, 0 when none.",
  tag: "Returns",
  params: storeParams,
  query: returnCountsQuerySchema,
  responses: { 200: { description: "Counts per status.", schema: returnCountsResponseSchema } },
  errors: [400, ...AUTH],
});
