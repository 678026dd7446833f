import { Badge, type BadgeTone } from "@/components/ui/badge";
import { humanize } from "@/lib/client/format";
import type { InventoryItemKind } from "@/lib/enums";

const TONE: Record<InventoryItemKind, BadgeTone> = {
  PRODUCT: "gray",
  RETURN: "violet",
  UNDECLARED: "amber",
  UNKNOWN: "red",
};

export const KIND_DESCRIPTIONS: Record<InventoryItemKind, string> = {
  PRODUCT: "A catalog variant.",
  RETURN: "Returned goods, held apart from sellable stock.",
  UNDECLARED: "Goods that arrived without being on a shipment.",
  UNKNOWN: "Goods that could not be identified.",
};

export function InventoryKindBadge({ kind }: { kind: InventoryItemKind }) {
  return <Badge tone={TONE[kind]}>{humanize(kind)}</Badge>;
}
