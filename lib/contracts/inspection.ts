import {
  checkCustodyRequestSchema,
  checklistsResponseSchema,
  replaceChecklistsRequestSchema,
  returnInspectionResponseSchema,
} from "../schemas/inspection";
import { checkCustodyResponseSchema } from "../schemas/return-custody";
import { AUTH, defineContract, returnParams, storeParams } from "./contract";

/**
 * Inspection checklists and chain of custody (docs/inspection.md). Backroom extensions: the real service
 * publishes no checklist or custody operations; the answers travel in `processReturn`'s body and come back in
 * the published `assessments` of each return item.
 */

const TAG = "Inspection";
const EXTENSION = "Backroom extension: the real service publishes no inspection operations.";
const storeReturnParams = storeParams.extend(returnParams.shape);

export const listInspectionChecklists = defineContract({
  method: "get",
  path: "/stores/{storeId}/inspection-checklists",
  operationId: "listInspectionChecklists",
  resource: "store",
  access: "read",
  summary: "List inspection checklists",
  description:
    "The store's checklists in order: the first whose product types, tags or return reasons match a returned " +
    `item is the one its inspection answers (\`processReturn\`'s \`inspection\`). ${EXTENSION}`,
  tag: TAG,
  params: storeParams,
  responses: { 200: { description: "The checklists.", schema: checklistsResponseSchema } },
  errors: [...AUTH],
});

export const replaceInspectionChecklists = defineContract({
  method: "put",
  path: "/stores/{storeId}/inspection-checklists",
  operationId: "replaceInspectionChecklists",
  resource: "store",
  access: "admin",
  summary: "Replace inspection checklists",
  description:
    "Replaces the store's checklists with `checklists`, in order (an empty list removes them; each gets a new " +
    "id). Each asks ordered questions (`yes_no`, `choice`, `number`, `text`, `photo`), each `required`, or " +
    "`required_when` an earlier answer equals a value or the item's product type is one. Returns already " +
    `processed keep the answers they were given. Two saves at once leave one of the two lists whole. ${EXTENSION}`,
  tag: TAG,
  params: storeParams,
  body: replaceChecklistsRequestSchema,
  responses: { 200: { description: "The checklists as saved.", schema: checklistsResponseSchema } },
  errors: [400, ...AUTH, 413, 415],
});

export const getReturnInspection = defineContract({
  method: "get",
  path: "/stores/{storeId}/returns/{returnId}/inspection",
  operationId: "getReturnInspection",
  resource: "return",
  access: "read",
  storeOf: "return",
  summary: "Get a return's inspection",
  description:
    "Per item: the checklist its inspection answers (null: none applies) and its newest chain-of-custody check. " +
    EXTENSION,
  tag: TAG,
  params: storeReturnParams,
  responses: {
    200: { description: "The items' checklists and checks.", schema: returnInspectionResponseSchema },
  },
  errors: [...AUTH, 404],
});

export const checkReturnCustody = defineContract({
  method: "post",
  path: "/stores/{storeId}/returns/{returnId}/custody-checks",
  operationId: "checkReturnCustody",
  resource: "return",
  access: "write",
  storeOf: "return",
  summary: "Check a returned unit's chain of custody",
  description:
    "Looks up the unit's scanned serial, license plate or lot number among the store's receipts and returns, " +
    "in one index look-up: `received` (on which shipment and receipt, into which bin, when), `returned_before` " +
    "(on which other return) or `never_received`. The check is recorded on the item (its `custody`, also in the " +
    "`return` webhook event) and indexed, so the unit's next return finds this one. `returned_before` and " +
    "`never_received` flag the return (status `flagged`, the reason in its timeline) when its status allows. " +
    `An item that is not the return's: 400 \`return/item-not-found\`. ${EXTENSION}`,
  tag: TAG,
  params: storeReturnParams,
  body: checkCustodyRequestSchema,
  responses: { 200: { description: "The finding and the return.", schema: checkCustodyResponseSchema } },
  errors: [400, ...AUTH, 404, 413, 415],
});
