import type { OperationId } from "../contracts";
import type { CycleCountStatus, ReturnStatus, SupplierClaimStatus } from "../enums";
import { CROSS_TENANT_ORDER } from "./api-operation-inputs";

/**
 * What an allowed call of some operations needs besides ids and a body (api-operations.ts reads these): the
 * state its subject must be in, and a query the operation requires.
 */

/** The status a lifecycle move starts from (lib/domain/returns/transitions.ts). */
export const RETURN_STATUS_NEEDED: Partial<Record<OperationId, ReturnStatus>> = {
  updateReturnStatus: "open",
  approveReturn: "pre_shipment",
  receiveReturn: "open",
  processReturn: "delivered",
  checkReturnCustody: "delivered",
};

/** The status a claim move needs (lib/domain/suppliers/lifecycle.ts): an allowed call gets a new claim in it. */
export const SUPPLIER_CLAIM_STATUS_NEEDED: Partial<Record<OperationId, SupplierClaimStatus>> = {
  sendSupplierClaim: "DRAFT",
  creditSupplierClaim: "SENT",
  rejectSupplierClaim: "SENT",
  discardSupplierClaim: "DRAFT",
  addSupplierClaimLine: "DRAFT",
};

/**
 * The status a count operation needs (lib/domain/cycle-counts): an allowed call gets a new count of store A's
 * SKU in it (nothing counted, so applying it changes no stock).
 */
export const CYCLE_COUNT_STATUS_NEEDED: Partial<Record<OperationId, CycleCountStatus>> = {
  recordCycleCounts: "draft",
  submitCycleCount: "in_progress",
  reviewCycleCount: "in_review",
  applyCycleCount: "in_review",
  cancelCycleCount: "draft",
};

/** A query for the operations that require one, so a refusal is about the caller and not the query. */
export const VALID_QUERIES: Partial<Record<OperationId, string>> = {
  searchStore: "?q=CT-PROBE",
  listLabelPrints: "?subject_type=location&subject_id=loc_CrossTenantProbe0000000",
  getCustomer: `?email=${CROSS_TENANT_ORDER.customer.email}`,
};
