import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { InventoryMovementReason, StockState } from "@/lib/enums";
import type { InventoryMovement } from "@/lib/schemas/inventory-levels";

/** How each ledger reason reads to staff, and which ones a person may pick (receipts and returns post their own). */
export const REASON_LABELS: Record<InventoryMovementReason, string> = {
  received: "Received",
  returned: "Returned",
  correction: "Correction",
  damaged: "Damaged",
  cycle_count: "Cycle count",
  import: "Import",
  moved: "Moved",
  transfer_out: "Transferred out",
  transfer_cancelled: "Transfer cancelled",
  disposition: "Disposition",
  written_off: "Written off",
};

const REASON_TONES: Record<InventoryMovementReason, BadgeTone> = {
  received: "green",
  returned: "blue",
  correction: "gray",
  damaged: "red",
  cycle_count: "indigo",
  import: "violet",
  moved: "amber",
  transfer_out: "indigo",
  transfer_cancelled: "gray",
  disposition: "amber",
  written_off: "red",
};

export function ReasonBadge({ reason }: { reason: InventoryMovementReason }) {
  return <Badge tone={REASON_TONES[reason]}>{REASON_LABELS[reason]}</Badge>;
}

/** Who made a movement, as a sentence fragment: "Dana Park", "API secret “ERP”", "Backroom". */
export function actorLabel(actor: InventoryMovement["actor"]): string {
  if (actor.type === "api_secret") return `API secret “${actor.name ?? actor.id ?? "unknown"}”`;
  if (actor.type === "system") return "Backroom";
  return actor.name ?? "A staff member";
}

/** How each stock state reads to staff (docs/dispositions.md). */
export const STOCK_STATE_LABELS: Record<StockState, string> = {
  sellable: "Sellable",
  open_box: "Open box",
  refurbish: "Refurbish",
  return_to_vendor: "Return to vendor",
  liquidate: "Liquidate",
  donate: "Donate",
  dispose: "Dispose",
  quarantine: "Quarantine",
};
