import { Badge, type BadgeTone } from "@/components/ui/badge";
import { humanize } from "@/lib/client/format";
import type { ReturnShipmentStatus, ReturnStatus, ReturnType } from "@/lib/enums";

/**
 * One colour per status of a return, so a list reads at a glance: amber waiting for the merchant (its
 * authorization before shipping, or a review), blue waiting for the customer, indigo on the way, violet
 * arrived or being reviewed, red flagged (a problem needs the merchant), green complete, grey rejected or
 * deleted.
 */
export const RETURN_STATUS_TONES: Record<ReturnStatus, BadgeTone> = {
  pre_shipment: "amber",
  open: "blue",
  in_transit: "indigo",
  delivered: "violet",
  needs_review: "amber",
  in_review: "violet",
  flagged: "red",
  complete: "green",
  rejected: "gray",
  deleted: "gray",
};

/** The words staff read for each status (the API's values are the published enum). */
export const RETURN_STATUS_LABELS: Record<ReturnStatus, string> = {
  pre_shipment: "Pre-shipment",
  open: "Open",
  in_transit: "In transit",
  delivered: "Delivered",
  needs_review: "Needs review",
  in_review: "In review",
  flagged: "Flagged",
  complete: "Complete",
  rejected: "Rejected",
  deleted: "Deleted",
};

const SHIPMENT_STATUS_TONES: Record<ReturnShipmentStatus, BadgeTone> = {
  unknown: "gray",
  pre_transit: "gray",
  in_transit: "indigo",
  out_for_delivery: "indigo",
  available_for_pickup: "amber",
  delivered: "green",
  cancelled: "gray",
  expired: "gray",
  error: "red",
  failure: "red",
  return_to_sender: "red",
};

const TYPE_TONES: Record<ReturnType, BadgeTone> = { return: "gray", claim: "violet", warranty: "blue" };

/** A status's label; a value from a URL that is not a status reads as itself. */
export function returnStatusLabel(status: string): string {
  return (RETURN_STATUS_LABELS as Record<string, string | undefined>)[status] ?? humanize(status);
}

export function ReturnStatusBadge({ status }: { status: ReturnStatus }) {
  return <Badge tone={RETURN_STATUS_TONES[status] ?? "gray"}>{returnStatusLabel(status)}</Badge>;
}

export function ReturnTypeBadge({ type }: { type: ReturnType }) {
  return <Badge tone={TYPE_TONES[type] ?? "gray"}>{humanize(type)}</Badge>;
}

export function ShipmentStatusBadge({ status }: { status: ReturnShipmentStatus }) {
  return <Badge tone={SHIPMENT_STATUS_TONES[status] ?? "gray"}>{humanize(status)}</Badge>;
}

/** Item statuses are the returns platform's free labels; the known ones get a colour, others grey. */
const ITEM_STATUS_TONES: Record<string, BadgeTone> = {
  pending: "gray",
  awaiting_shipment: "gray",
  in_transit: "indigo",
  received: "violet",
  inspecting: "amber",
  on_hold: "amber",
  processed: "green",
  rejected: "red",
  cancelled: "gray",
};

export function ItemStatusBadge({ status }: { status: string }) {
  return <Badge tone={ITEM_STATUS_TONES[status] ?? "gray"}>{humanize(status)}</Badge>;
}
