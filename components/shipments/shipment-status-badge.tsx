import { Badge, type BadgeTone } from "@/components/ui/badge";
import { humanize } from "@/lib/client/format";
import type { InboundShipmentStatus } from "@/lib/enums";

const TONE: Record<InboundShipmentStatus, BadgeTone> = {
  PENDING: "gray",
  IN_TRANSIT: "blue",
  PARTIALLY_RECEIVED: "amber",
  RECEIVED: "green",
};

/** "In transit", "Partially received"… in the status's colour. */
export function ShipmentStatusBadge({ status }: { status: InboundShipmentStatus }) {
  return <Badge tone={TONE[status]}>{humanize(status)}</Badge>;
}
