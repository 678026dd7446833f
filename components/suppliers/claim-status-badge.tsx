import { Badge, type BadgeTone } from "@/components/ui/badge";
import { humanize } from "@/lib/client/format";
import type { SupplierClaimStatus } from "@/lib/enums";

const TONE: Record<SupplierClaimStatus, BadgeTone> = {
  DRAFT: "amber",
  SENT: "blue",
  CREDITED: "green",
  REJECTED: "red",
  DISCARDED: "gray",
};

/** "Draft", "Sent", "Credited", "Rejected", "Discarded" in the status's colour. */
export function ClaimStatusBadge({ status }: { status: SupplierClaimStatus }) {
  return <Badge tone={TONE[status]}>{humanize(status)}</Badge>;
}
