import { Badge, type BadgeTone } from "@/components/ui/badge";
import { humanize } from "@/lib/client/format";
import type { ReturnShipmentStatus, ReturnStatus, ReturnType } from "@/lib/enums";

/**
 * One colour per stage of a return, so a list reads at a glance: blue waiting for the customer, indigo and
 * violet on the way and arrived, amber waiting for staff, green done, red stopped, grey not started or gone.
 */
export const RETURN_STATUS_TONES: Record<ReturnStatus, BadgeTone> = {
  pre_shipment: "gray",
  open: "blue",
  in_transit: "indigo",
  delivered: "violet",
  needs_review: "amber",
  in_review: "amber",
  flagged: "red",
  rejected: "red",
  complete: "green",
  deleted: "gray",
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

export function ReturnStatusBadge({ status }: { status: ReturnStatus }) {
  return <Badge tone={RETURN_STATUS_TONES[status] ?? "gray"}>{humanize(status)}</Badge>;
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
