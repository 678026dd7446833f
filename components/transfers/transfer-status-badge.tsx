import { Badge, type BadgeTone } from "@/components/ui/badge";
import { humanize } from "@/lib/client/format";
import type { TransferStatus } from "@/lib/enums";

const TONE: Record<TransferStatus, BadgeTone> = {
  DRAFT: "gray",
  IN_TRANSIT: "blue",
  PARTIALLY_RECEIVED: "amber",
  CLOSED: "green",
  CANCELLED: "red",
};

/** "Draft", "In transit", "Closed"… in the status's colour. */
export function TransferStatusBadge({ status }: { status: TransferStatus }) {
  return <Badge tone={TONE[status]}>{humanize(status)}</Badge>;
}
