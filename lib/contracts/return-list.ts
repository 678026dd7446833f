import { MAX_BULK_RETURNS } from "../schemas/limits";
import {
  bulkReturnsBodySchema,
  bulkReturnsResponseSchema,
  returnCountsQuerySchema,
  returnCountsResponseSchema,
} from "../schemas/return-bulk";
import { AUTH, defineContract, storeParams } from "./contract";

/**
 * Operations over the returns list as a whole (issue 13), Backroom extensions: the status tabs' counts and
 * bulk lifecycle actions.
 * Bulk is an admin's: one request can move 500 returns, where an editor moves them one at a time.
 */

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
