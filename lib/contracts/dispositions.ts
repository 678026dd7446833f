import {
  dispositionRulesResponseSchema,
  itemStockStatesSchema,
  replaceDispositionRulesRequestSchema,
  stockStateMoveRequestSchema,
  stockStateMoveResponseSchema,
  stockStateWriteOffRequestSchema,
  stockStateWriteOffResponseSchema,
} from "../schemas/dispositions";
import { AUTH, defineContract, id, storeParams } from "./contract";

/**
 * Dispositions and stock states (docs/dispositions.md): an item's units per state, moving units between states
 * (changing a disposition later), and the store's rules that pre-fill a disposition at inspection. Backroom
 * extensions: the real service publishes no stock states.
 */

const TAG = "Dispositions";
const EXTENSION = "Backroom extension: the real service publishes no stock states.";
const itemParams = storeParams.extend({ inventoryItemId: id("Inventory item id (`ii_…`).") });

export const getInventoryItemStockStates = defineContract({
  method: "get",
  path: "/stores/{storeId}/inventory-items/{inventoryItemId}/stock-states",
  operationId: "getInventoryItemStockStates",
  resource: "inventory-item",
  access: "read",
  storeOf: "inventoryItem",
  summary: "An item's units per stock state",
  description:
    "At each location where the item has stock: `sellable` (the inventory level's `quantity`, whose meaning is " +
    "unchanged) and each non-sellable state holding units (open box, refurbish, return to vendor, liquidate, " +
    "donate, dispose, quarantine) with its unbinned units and bins. A unit is in exactly one state; each state's " +
    `quantity equals the sum of its ledger rows (\`stock_state\`). ${EXTENSION}`,
  tag: TAG,
  params: itemParams,
  responses: { 200: { description: "The item's stock by state.", schema: itemStockStatesSchema } },
  errors: [...AUTH, 404],
});

export const moveInventoryItemStockState = defineContract({
  method: "post",
  path: "/stores/{storeId}/inventory-items/{inventoryItemId}/stock-state-moves",
  operationId: "moveInventoryItemStockState",
  resource: "inventory-movement",
  access: "write",
  storeOf: "inventoryItem",
  summary: "Change units' stock state (a disposition, later)",
  description:
    "Moves `quantity` units of the item at one location from `from_state` (and `from_bin_id`, null: unbinned) " +
    "to `to_state` (and `to_bin_id`): refurbish to sellable, quarantine to dispose, sellable to quarantine, or a " +
    "state's units into a bin (their putaway). Two ledger movements, out then in, reason `disposition`, source " +
    "`disposition_change` (within one state: `moved`, `bin_move`), the caller as actor; a sellable side changes the level (sellable units leave from " +
    "unbinned). One `inventory_item` `updated` event. More units than the source holds answers 409 " +
    "`inventory-movement/not-enough-stock` and moves nothing; an archived destination bin 409 `bin/archived`; a " +
    "full one 409 `bin/over-capacity` (counting every state's units in it); an archived location 409 " +
    "`inventory-movement/location-archived`; a location or bin that is not the store's, or not at that location, " +
    `400 naming the field. Answers the movements and the item's stock by state after the move. ${EXTENSION}`,
  tag: TAG,
  params: itemParams,
  body: stockStateMoveRequestSchema,
  responses: {
    201: { description: "The movements and the stock by state.", schema: stockStateMoveResponseSchema },
  },
  errors: [400, ...AUTH, 404, 409, 413, 415],
});

export const writeOffInventoryItemStockState = defineContract({
  method: "post",
  path: "/stores/{storeId}/inventory-items/{inventoryItemId}/stock-state-write-offs",
  operationId: "writeOffInventoryItemStockState",
  resource: "inventory-movement",
  access: "write",
  storeOf: "inventoryItem",
  summary: "Write units off out of a non-sellable state",
  description:
    "Takes units of a non-sellable state (disposed of, donated, liquidated, shipped back to the vendor, or any " +
    "other) off the books: one ledger row out of the state, reason `written_off`, source `write_off`, with the " +
    "note as the why. The inventory level (sellable units) never changes; sellable units are adjusted " +
    "(`POST /stores/{storeId}/inventory-movements`) instead. 409 `inventory-movement/not-enough-stock` when the state " +
    "(or bin) holds fewer units, nothing written; 400 naming the field for a location or bin not found there. " +
    `Answers the movement and the item's stock by state after it. ${EXTENSION}`,
  tag: TAG,
  params: itemParams,
  body: stockStateWriteOffRequestSchema,
  responses: {
    201: { description: "The movement and the stock by state.", schema: stockStateWriteOffResponseSchema },
  },
  errors: [400, ...AUTH, 404, 409, 413, 415],
});

export const listDispositionRules = defineContract({
  method: "get",
  path: "/stores/{storeId}/disposition-rules",
  operationId: "listDispositionRules",
  resource: "store",
  access: "read",
  summary: "List the store's disposition rules",
  description:
    "In order: the first whose `grade` and `outcome` match an inspected item pre-fills its disposition in the " +
    `process panel (the inspector confirms it; the API's process operation takes the disposition it is sent). ${EXTENSION}`,
  tag: TAG,
  params: storeParams,
  responses: { 200: { description: "The rules.", schema: dispositionRulesResponseSchema } },
  errors: [...AUTH],
});

export const replaceDispositionRules = defineContract({
  method: "put",
  path: "/stores/{storeId}/disposition-rules",
  operationId: "replaceDispositionRules",
  resource: "store",
  access: "admin",
  summary: "Replace the store's disposition rules",
  description: `The whole list, in order (at most 50); an empty list removes them. Admins only: the rules are the store's policy. ${EXTENSION}`,
  tag: TAG,
  params: storeParams,
  body: replaceDispositionRulesRequestSchema,
  responses: { 200: { description: "The rules now.", schema: dispositionRulesResponseSchema } },
  errors: [400, ...AUTH, 413, 415],
});
