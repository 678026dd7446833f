import {
  createSupplierRequestSchema,
  listSuppliersResponseSchema,
  supplierResponseSchema,
  supplierScorecardQuerySchema,
  supplierScorecardResponseSchema,
  updateSupplierRequestSchema,
} from "../schemas/suppliers";
import { AUTH, defineContract, id, storeParams } from "./contract";

/**
 * The store's suppliers (docs/suppliers.md). Backroom extensions: the real service publishes no supplier
 * operations, so these follow the inbound-shipment resource (`{ supplier }` wrappers, problem types
 * `com.service.api:supplier/<code>`). Viewers read; editors, admins and API secrets write.
 */

const TAG = "Suppliers";
const EXTENSION = "Backroom extension: the real service publishes no supplier operations.";
const supplierParams = storeParams.extend({ supplierId: id("Supplier id (`sup_…`).") });

export const listSuppliers = defineContract({
  method: "get",
  path: "/stores/{storeId}/suppliers",
  operationId: "listSuppliers",
  resource: "supplier",
  access: "read",
  summary: "List suppliers",
  description: `Every supplier of the store (a short list, not paged), by name. ${EXTENSION}`,
  tag: TAG,
  params: storeParams,
  responses: { 200: { description: "The suppliers.", schema: listSuppliersResponseSchema } },
  errors: [...AUTH],
});

export const createSupplier = defineContract({
  method: "post",
  path: "/stores/{storeId}/suppliers",
  operationId: "createSupplier",
  resource: "supplier",
  access: "write",
  summary: "Create a supplier",
  description:
    "A supplier: `name` (unique in the store in any letter case), `email` (where claims go) and an optional " +
    "`code` (unique in the store). A name or code another supplier has is a 409 `supplier/name-taken` or " +
    `\`supplier/code-taken\`. ${EXTENSION}`,
  tag: TAG,
  params: storeParams,
  body: createSupplierRequestSchema,
  responses: { 201: { description: "The supplier.", schema: supplierResponseSchema } },
  errors: [400, ...AUTH, 409, 413, 415],
});

export const getSupplier = defineContract({
  method: "get",
  path: "/stores/{storeId}/suppliers/{supplierId}",
  operationId: "getSupplier",
  resource: "supplier",
  access: "read",
  storeOf: "supplier",
  summary: "Get a supplier",
  description: `One supplier. ${EXTENSION}`,
  tag: TAG,
  params: supplierParams,
  responses: { 200: { description: "The supplier.", schema: supplierResponseSchema } },
  errors: [...AUTH, 404],
});

export const updateSupplier = defineContract({
  method: "patch",
  path: "/stores/{storeId}/suppliers/{supplierId}",
  operationId: "updateSupplier",
  resource: "supplier",
  access: "write",
  storeOf: "supplier",
  summary: "Change a supplier",
  description: `Changes the name, e-mail or code (null clears the code); the 409s of create. ${EXTENSION}`,
  tag: TAG,
  params: supplierParams,
  body: updateSupplierRequestSchema,
  responses: { 200: { description: "The supplier as it now is.", schema: supplierResponseSchema } },
  errors: [400, ...AUTH, 404, 409, 413, 415],
});

export const deleteSupplier = defineContract({
  method: "delete",
  path: "/stores/{storeId}/suppliers/{supplierId}",
  operationId: "deleteSupplier",
  resource: "supplier",
  access: "write",
  storeOf: "supplier",
  summary: "Remove a supplier",
  description:
    "Removes a supplier no shipment or claim names; one that is named is a 409 `supplier/in-use` (it is " +
    `their history). ${EXTENSION}`,
  tag: TAG,
  params: supplierParams,
  responses: { 204: { description: "Removed." } },
  errors: [...AUTH, 404, 409],
});

export const getSupplierScorecard = defineContract({
  method: "get",
  path: "/stores/{storeId}/suppliers/{supplierId}/scorecard",
  operationId: "getSupplierScorecard",
  resource: "supplier",
  access: "read",
  storeOf: "supplier",
  summary: "Get a supplier's scorecard",
  description:
    "Per UTC month (the last `months`, default 6, oldest first): the supplier's shipments created that month, " +
    "how many arrived with an ETA and how many on or before it (arrival: the actual arrival date, else the " +
    "first receipt's day), expected, received, damaged and over units with the fill, damage and overage " +
    "rates, and the claims drafted that month: opened, still open, claimed and recovered amounts. " +
    EXTENSION,
  tag: TAG,
  params: supplierParams,
  query: supplierScorecardQuerySchema,
  responses: { 200: { description: "The scorecard.", schema: supplierScorecardResponseSchema } },
  errors: [400, ...AUTH, 404],
});
