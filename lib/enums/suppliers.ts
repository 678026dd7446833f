/**
 * Supplier claims (docs/suppliers.md). A claim is DRAFT while receipts (and return-to-vendor units) add lines,
 * SENT once staff sent it to the supplier, then CREDITED (with the amount recovered) or REJECTED. A draft staff
 * chose not to send is DISCARDED (terminal; its units all waived, kept for the books).
 */
export const SUPPLIER_CLAIM_STATUSES = ["DRAFT", "SENT", "CREDITED", "REJECTED", "DISCARDED"] as const;
export type SupplierClaimStatus = (typeof SUPPLIER_CLAIM_STATUSES)[number];

/**
 * Why a unit is claimed: damaged on arrival, missing (short shipped), the wrong item, over the ordered quantity,
 * or returned to the vendor from a return's disposition.
 */
export const SUPPLIER_CLAIM_REASONS = [
  "damaged",
  "missing",
  "wrong_item",
  "over",
  "return_to_vendor",
] as const;
export type SupplierClaimReason = (typeof SUPPLIER_CLAIM_REASONS)[number];

/**
 * What a claim's history records: each state change (a draft discarded too), lines joining a draft, and a draft's
 * line edited or removed.
 */
export const SUPPLIER_CLAIM_EVENT_KINDS = [
  "drafted",
  "lines_added",
  "sent",
  "credited",
  "rejected",
  "line_edited",
  "line_removed",
  "discarded",
] as const;
export type SupplierClaimEventKind = (typeof SUPPLIER_CLAIM_EVENT_KINDS)[number];

/**
 * Where a claim line's units came from: added by hand on a draft, a receipt, or a return (return_to_vendor).
 * Manual first: it is the one a line naming neither id holds, which a generated test row is (lib/testing).
 */
export const SUPPLIER_CLAIM_LINE_SOURCES = ["manual", "receipt", "return"] as const;
export type SupplierClaimLineSource = (typeof SUPPLIER_CLAIM_LINE_SOURCES)[number];
