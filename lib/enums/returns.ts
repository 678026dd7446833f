/** Returns: statuses and the moves between them, activities, types and reasons, compensation, tags, label payers. */

/**
 * The real service's published `return-status` enum (decisions §5), in the package's order: `open`
 * (approved, awaiting shipment), `in_transit`, `delivered` (arrived, awaiting processing), `needs_review`
 * (requires review before further action), `in_review` (being reviewed), `complete`, `rejected`, `flagged`
 * (a processing problem needs the merchant's action), `pre_shipment` (needs the merchant's authorization
 * before the customer ships), `deleted`. Flagging is the status `flagged`.
 */
export const RETURN_STATUSES = [
  "open",
  "in_transit",
  "delivered",
  "needs_review",
  "in_review",
  "complete",
  "rejected",
  "flagged",
  "pre_shipment",
  "deleted",
] as const;
export type ReturnStatus = (typeof RETURN_STATUSES)[number];

/** The values `PUT /returns/{returnId}/status` takes (the package's `return-status-update`). */
export const RETURN_STATUS_UPDATES = ["complete", "open", "flagged", "rejected", "deleted"] as const;
export type ReturnStatusUpdate = (typeof RETURN_STATUS_UPDATES)[number];

/**
 * The operation that takes a lifecycle edge: Approve return, PUT status (and its aliases Flag / Unflag),
 * Process return, a carrier-tracking update, or Receive return (staff confirm the parcel arrived).
 */
export type ReturnTransitionVia = "approve" | "status" | "process" | "tracking" | "receive";

/** What staff may do with any return still under way: flag it, reject it, delete (reset) it. */
const STAFF_STOPS = [
  { to: "flagged", via: "status" },
  { to: "rejected", via: "status" },
  { to: "deleted", via: "status" },
] as const;
/** Close without further processing (`PUT status complete`: every item is marked complete). */
const CLOSE = { to: "complete", via: "status" } as const;
const PROCESS = { to: "complete", via: "process" } as const;
/** Staff confirm the parcel is here (its carrier says delivered, or it is on the bench): straight to delivered. */
const RECEIVE = { to: "delivered", via: "receive" } as const;

/**
 * The return lifecycle's edges (docs/returns-lifecycle.md has the table) and the operation that takes
 * each. Here, below everything, so the API's checks (lib/domain/returns/transitions.ts) and the return
 * page's buttons read one table. Processing that leaves items to come lands in `in_review` (the
 * `complete` edge via process covers both). `flagged` -> `open` by PUT status (or Unflag) resumes the
 * status the return had before it was flagged; `complete`/`rejected` -> `open` reopens it, as the package
 * describes. `open` -> `complete` via process is only for green returns (no item ships back).
 */
export const RETURN_TRANSITIONS: Record<
  ReturnStatus,
  readonly { to: ReturnStatus; via: ReturnTransitionVia }[]
> = {
  pre_shipment: [{ to: "open", via: "approve" }, { to: "open", via: "status" }, RECEIVE, ...STAFF_STOPS],
  open: [
    { to: "in_transit", via: "tracking" },
    { to: "delivered", via: "tracking" },
    RECEIVE,
    PROCESS,
    CLOSE,
    ...STAFF_STOPS,
  ],
  in_transit: [{ to: "delivered", via: "tracking" }, RECEIVE, CLOSE, ...STAFF_STOPS],
  delivered: [PROCESS, CLOSE, ...STAFF_STOPS],
  needs_review: [PROCESS, CLOSE, ...STAFF_STOPS],
  in_review: [PROCESS, CLOSE, ...STAFF_STOPS],
  flagged: [
    { to: "open", via: "status" },
    CLOSE,
    { to: "rejected", via: "status" },
    { to: "deleted", via: "status" },
  ],
  complete: [{ to: "open", via: "status" }],
  rejected: [{ to: "open", via: "status" }],
  deleted: [],
};

/** Where a return in `from` may go; processing from `open` only when the return is green. */
export function returnMoves(
  from: ReturnStatus,
  green: boolean,
): { to: ReturnStatus; via: ReturnTransitionVia }[] {
  return RETURN_TRANSITIONS[from].filter((edge) => !(from === "open" && edge.via === "process" && !green));
}

/**
 * What a return's activity record says happened (lib/domain/returns/activities.ts), for the return's
 * timeline: a status change (approval, rejection, staff moves, processing's close), an approval, an item
 * processed (restocked or rejected, with grade and outcome), a tag added or removed, items' external
 * identifiers set (old -> new).
 */
export const RETURN_ACTIVITY_KINDS = [
  "status_changed",
  "approved",
  "item_processed",
  "tag_added",
  "tag_removed",
  "identifiers_set",
  "custody_checked",
] as const;
export type ReturnActivityKind = (typeof RETURN_ACTIVITY_KINDS)[number];

export const RETURN_TYPES = ["return", "claim", "warranty"] as const;
export type ReturnType = (typeof RETURN_TYPES)[number];

/**
 * Return reasons and their codes per return type: the choices of the app's create-return form and the
 * demo's returns. Any other reason is accepted through the API.
 */
/** A return reason: a machine code and the label customers and staff read. */
export type ReasonTemplate = { code: string; label: string };

export const RETURN_REASONS: Record<ReturnType, readonly ReasonTemplate[]> = {
  return: [
    { code: "TOO_SMALL", label: "Too small" },
    { code: "TOO_LARGE", label: "Too large" },
    { code: "NOT_AS_DESCRIBED", label: "Not as described" },
    { code: "CHANGED_MIND", label: "Changed my mind" },
    { code: "COLOR_DIFFERENT", label: "Colour looks different than pictured" },
    { code: "QUALITY", label: "Quality not as expected" },
    { code: "ARRIVED_LATE", label: "Arrived too late" },
    { code: "ORDERED_MULTIPLE_SIZES", label: "Ordered more than one size" },
    { code: "UNCOMFORTABLE", label: "Uncomfortable fit" },
    { code: "GIFT_UNWANTED", label: "Unwanted gift" },
  ],
  claim: [
    { code: "DAMAGED_IN_TRANSIT", label: "Damaged in transit" },
    { code: "WRONG_ITEM", label: "Wrong item received" },
    { code: "MISSING_ITEM", label: "Item missing from package" },
    { code: "DEFECTIVE_ON_ARRIVAL", label: "Defective on arrival" },
  ],
  warranty: [
    { code: "ZIPPER_FAILURE", label: "Zipper broke" },
    { code: "SEAM_FAILURE", label: "Seam came apart" },
    { code: "SOLE_SEPARATION", label: "Sole separated" },
    { code: "WATERPROOFING_FAILURE", label: "Waterproofing failed" },
    { code: "HARDWARE_FAILURE", label: "Strap or buckle broke" },
    { code: "EXCESSIVE_PILLING", label: "Excessive pilling" },
  ],
};

export const COMPENSATION_METHODS = ["refund", "store_credit", "exchange"] as const;
export type CompensationMethod = (typeof COMPENSATION_METHODS)[number];

export const EXCHANGE_PROVISIONS = ["instant", "deferred"] as const;

/** Colours of a return tag's pill, as the published `pill-theme.schema` names them. */
export const PILL_THEMES = [
  "NORMAL",
  "PRIMARY_LIGHT",
  "LIGHT_PINK",
  "DANGER",
  "NEUTRAL_YELLOW",
  "SUCCESS",
  "NEUTRAL_BLUE",
  "PRIMARY",
  "SOLID_WHITE",
  "SOLID_PINK",
  "SOLID_RED",
  "SOLID_ORANGE",
  "SOLID_YELLOW",
  "SOLID_GREEN",
  "SOLID_LIGHT_BLUE",
  "SOLID_NAVY",
  "SOLID_BLACK",
  "BRAND",
  "GRAY_BLUE",
  "WHITE_SUCCESS",
  "GRAY_ALTERNATE",
  "BRAND_ALTERNATE",
  "ERROR_ALTERNATE",
  "WARNING_ALTERNATE",
  "SUCCESS_ALTERNATE",
  "GRAY_BLUE_ALTERNATE",
  "BLUE_LIGHT_ALTERNATE",
  "BLUE_ALTERNATE",
  "INDIGO_ALTERNATE",
  "PURPLE_ALTERNATE",
  "PINK_ALTERNATE",
  "ORANGE_ALTERNATE",
  "BLACK_ALTERNATE",
  "WHITE_ALTERNATE",
  "WHITE_SUCCESS_ALTERNATE",
] as const;
export type PillTheme = (typeof PILL_THEMES)[number];

/** Where a catalogue return tag came from (published `return-tag.schema` `source`). */
export const RETURN_TAG_SOURCES = ["merchant", "redo", "flow"] as const;
export type ReturnTagSource = (typeof RETURN_TAG_SOURCES)[number];

/** Who pays for a return's label (the published `protection.labelPayer`); null on a return until settled. */
export const LABEL_PAYERS = ["customer", "merchant", "redo"] as const;
export type LabelPayer = (typeof LABEL_PAYERS)[number];

/** Why the label fell to that payer (the published `protection.labelPayerReason`). */
export const LABEL_PAYER_REASONS = [
  "REDO_PAYS_ALL_LABELS",
  "REDO_ORDER_HAS_FINAL_SALE_PROTECTION",
  "REDO_ORDER_HAS_RETURNS_COVERAGE",
  "REDO_ORDER_HAS_WARRANTY_COVERAGE",
  "REDO_RECYCLING_SETTING",
  "MERCHANT_DAMAGED_OR_WRONG_PRODUCT",
  "MERCHANT_SAFETY_NET",
  "MERCHANT_RECYCLING_SETTING",
  "SHOPPER_UNCOVERED",
  "SHOPPER_RECYCLING_SETTING",
] as const;
export type LabelPayerReason = (typeof LABEL_PAYER_REASONS)[number];
