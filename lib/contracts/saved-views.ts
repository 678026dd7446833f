import {
  createSavedViewBodySchema,
  listSavedViewsQuerySchema,
  savedViewResponseSchema,
  savedViewsResponseSchema,
} from "../schemas/saved-views";
import { AUTH, defineContract, id, storeParams } from "./contract";

/**
 * Saved views, a Backroom extension: named filter sets of the returns and shipments lists,
 * personal or shared with the store. Staff sessions only (a view has a person as its owner; API secrets
 * get 403). Every member reads them; editors and admins save and delete them.
 */

const STAFF = ["staff"] as const;

export const listSavedViews = defineContract({
  method: "get",
  path: "/stores/{storeId}/saved-views",
  operationId: "listSavedViews",
  resource: "saved-view",
  access: "read",
  principals: STAFF,
  summary: "List saved views",
  description:
    "The caller's own views and the store's shared ones, by name; `list` keeps one list's. Each says " +
    "whether the caller may delete it.",
  tag: "Saved views",
  params: storeParams,
  query: listSavedViewsQuerySchema,
  responses: { 200: { description: "The views.", schema: savedViewsResponseSchema } },
  errors: [400, ...AUTH],
});

export const createSavedView = defineContract({
  method: "post",
  path: "/stores/{storeId}/saved-views",
  operationId: "createSavedView",
  resource: "saved-view",
  access: "write",
  principals: STAFF,
  summary: "Create saved view",
  description:
    "Saves a list page's URL query under a name, personal unless `shared`. Only the list's own filters are " +
    "accepted (returns: q, status, sort, order; shipments: q, status, location, from, to, late, arriving), " +
    "each once and valid: anything else is 400 naming it. A name is unique, whatever its case, among the " +
    "caller's own views of the list and among its shared views: a second one is 409.",
  tag: "Saved views",
  params: storeParams,
  body: createSavedViewBodySchema,
  responses: { 201: { description: "The view.", schema: savedViewResponseSchema } },
  errors: [400, ...AUTH, 409, 413, 415],
});

export const deleteSavedView = defineContract({
  method: "delete",
  path: "/stores/{storeId}/saved-views/{viewId}",
  operationId: "deleteSavedView",
  resource: "saved-view",
  access: "write",
  principals: STAFF,
  summary: "Delete saved view",
  description:
    "Its owner may delete it, and any editor or admin a shared one (403 otherwise). Another member's " +
    "personal view, like an unknown id, is 404.",
  tag: "Saved views",
  params: storeParams.extend({ viewId: id("Saved view id (`svw_…`).") }),
  responses: { 204: { description: "Deleted." } },
  errors: [...AUTH, 404],
});
