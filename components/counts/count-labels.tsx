import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { CycleCountLineStatus, CycleCountStatus } from "@/lib/enums";
import type { CycleCount } from "@/lib/schemas/cycle-counts";

const STATUS: Record<CycleCountStatus, { label: string; tone: BadgeTone }> = {
  draft: { label: "Draft", tone: "gray" },
  in_progress: { label: "In progress", tone: "blue" },
  in_review: { label: "In review", tone: "amber" },
  completed: { label: "Completed", tone: "green" },
  cancelled: { label: "Cancelled", tone: "gray" },
};

export const COUNT_STATUS_LABELS = Object.fromEntries(
  Object.entries(STATUS).map(([status, { label }]) => [status, label]),
) as Record<CycleCountStatus, string>;

export function CountStatusBadge({ status }: { status: CycleCountStatus }) {
  return <Badge tone={STATUS[status].tone}>{STATUS[status].label}</Badge>;
}

const LINE: Record<CycleCountLineStatus, { label: string; tone: BadgeTone }> = {
  pending: { label: "Not counted", tone: "gray" },
  counted: { label: "Counted", tone: "blue" },
  accepted: { label: "Accepted", tone: "green" },
  review: { label: "To review", tone: "amber" },
  skipped: { label: "Skipped", tone: "gray" },
};

export function LineStatusBadge({ status }: { status: CycleCountLineStatus }) {
  return <Badge tone={LINE[status].tone}>{LINE[status].label}</Badge>;
}

/** What a count covers, in words. */
export function scopeWords(scope: CycleCount["scope"]): string {
  if (scope.type === "zone") return `Zone ${scope.zone}`;
  if (scope.type === "bins") {
    const bins = scope.bin_ids?.length ?? 0;
    return `${bins} ${bins === 1 ? "bin" : "bins"}`;
  }
  if (scope.type === "skus") return `SKUs ${(scope.skus ?? []).join(", ")}`;
  return `Not counted in ${scope.days} days`;
}

/** A signed number: +2, −3, 0. */
export function signed(value: number): string {
  return value > 0 ? `+${value}` : value < 0 ? `−${-value}` : "0";
}
