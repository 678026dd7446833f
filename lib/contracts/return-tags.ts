import { deleteReturnTagResponseSchema, tagNameSchema } from "../schemas/return-lifecycle";
import {
  catalogueTagResponseSchema,
  catalogueTagsResponseSchema,
  upsertCatalogueTagBodySchema,
} from "../schemas/return-tag-catalogue";
import { AUTH, defineContract, storeParams } from "./contract";

/**
 * The store's return-tag catalogue, as the package publishes it (Return tags list, upsert, delete): the
 * names a return's tags are picked from, each with its pill colour. Per-return tags are in
 * return-lifecycle.ts. Members read it; editors create, recolour and rename tags; deleting one strips it
 * from every return, so it is an admin's.
 */

const tagParams = storeParams.extend({
  name: tagNameSchema.meta({ description: "Return tag name. Case-sensitive and URL-encoded." }),
});

export const listCatalogueReturnTags = defineContract({
  method: "get",
  path: "/stores/{storeId}/return-tags",
  operationId: "listCatalogueReturnTags",
  resource: "return-tag",
  access: "read",
  summary: "List return tags",
  description: "Every return tag defined for the store, by name (case-insensitive order).",
  tag: "Returns",
  params: storeParams,
  responses: { 200: { description: "The store's tags.", schema: catalogueTagsResponseSchema } },
  errors: [...AUTH],
});

export const upsertCatalogueReturnTag = defineContract({
  method: "put",
  path: "/stores/{storeId}/return-tags/{name}",
  operationId: "upsertCatalogueReturnTag",
  resource: "return-tag",
  access: "write",
  summary: "Upsert return tag",
  description:
    "Creates the tag, or sets the colour of the one by that name. With `newName` different from the path " +
    "`name`, renames it: every return carrying it carries the new name (an activity and a return " +
    "`updated` event each). 400 `return-tag/rename-precondition-failed` when there is no tag to rename or " +
    "the new name is taken. Always 200, whether created or updated, as the package answers.",
  tag: "Returns",
  params: tagParams,
  body: upsertCatalogueTagBodySchema,
  responses: { 200: { description: "The tag.", schema: catalogueTagResponseSchema } },
  errors: [400, ...AUTH, 413, 415],
});

export const deleteCatalogueReturnTag = defineContract({
  method: "delete",
  path: "/stores/{storeId}/return-tags/{name}",
  operationId: "deleteCatalogueReturnTag",
  resource: "return-tag",
  access: "admin",
  summary: "Delete return tag",
  description:
    "Deletes the tag and strips it from every return of the store that carried it (an activity and a " +
    "return `updated` event each). A name the store does not have answers the same `{ success: true }`. " +
    "Admins only: one call changes many returns.",
  tag: "Returns",
  params: tagParams,
  responses: { 200: { description: "Deleted.", schema: deleteReturnTagResponseSchema } },
  errors: [400, ...AUTH],
});
