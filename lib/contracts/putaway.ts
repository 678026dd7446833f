import {
  putawayRulesResponseSchema,
  putawaySuggestionQuerySchema,
  putawaySuggestionResponseSchema,
  replacePutawayRulesRequestSchema,
} from "../schemas/putaway";
import { AUTH, defineContract, id, storeParams } from "./contract";

/**
 * Putaway (docs/bins.md): the suggested bin for an item's units at a location, and the per-location rules behind
 * it. The putaway itself is a bin move from unbinned (`moveInventoryItemBinStock`). Backroom extensions.
 */

const TAG = "Bins";
const EXTENSION = "Backroom extension: the real service publishes no bin operations.";

export const getPutawaySuggestion = defineContract({
  method: "get",
  path: "/stores/{storeId}/inventory-items/{inventoryItemId}/putaway-suggestion",
  operationId: "getPutawaySuggestion",
  resource: "inventory-item",
  access: "read",
  storeOf: "inventoryItem",
  summary: "Suggest a bin to put an item's units away in",
  description:
    "Per location (`location_id`, or every location where the item has a level): the item's unbinned units " +
    "and the bin to put them in: the active bin with room that last took units of the item there " +
    "(`last_bin`: the last confirmed putaway or move, so the suggestion learns from it), else the first bin " +
    "with room (by code) in the zone of the location's first putaway rule matching the product's type or one " +
    "of its tags (`rule`), else none (`bin: null`, the units stay unbinned). Confirm a putaway with " +
    `\`moveInventoryItemBinStock\` from unbinned (\`from_bin_id: null\`), once per bin to split. ${EXTENSION}`,
  tag: TAG,
  params: storeParams.extend({ inventoryItemId: id("Inventory item id (`ii_…`).") }),
  query: putawaySuggestionQuerySchema,
  responses: { 200: { description: "The suggestions.", schema: putawaySuggestionResponseSchema } },
  errors: [400, ...AUTH, 404],
});

const locationParams = storeParams.extend({ locationId: id("Location id (`loc_…`).") });

export const listPutawayRules = defineContract({
  method: "get",
  path: "/stores/{storeId}/locations/{locationId}/putaway-rules",
  operationId: "listPutawayRules",
  resource: "location",
  access: "read",
  storeOf: "location",
  summary: "List a location's putaway rules",
  description: `The location's putaway rules in order: the first matching an item's product chooses the zone. ${EXTENSION}`,
  tag: TAG,
  params: locationParams,
  responses: { 200: { description: "The rules.", schema: putawayRulesResponseSchema } },
  errors: [...AUTH, 404],
});

export const replacePutawayRules = defineContract({
  method: "put",
  path: "/stores/{storeId}/locations/{locationId}/putaway-rules",
  operationId: "replacePutawayRules",
  resource: "location",
  access: "write",
  storeOf: "location",
  summary: "Replace a location's putaway rules",
  description:
    "Replaces the location's rules with `rules`, in order (an empty list removes them). Each matches the " +
    "product type or a tag of an item's product, whatever the case, and names a zone; a zone without a bin " +
    `with room passes to the next rule. Two saves at once leave one of the two lists whole. ${EXTENSION}`,
  tag: TAG,
  params: locationParams,
  body: replacePutawayRulesRequestSchema,
  responses: { 200: { description: "The rules as saved.", schema: putawayRulesResponseSchema } },
  errors: [400, ...AUTH, 404, 413, 415],
});
