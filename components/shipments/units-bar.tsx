import { TriangleAlert } from "lucide-react";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import type { LineProgress } from "./line-progress";

/**
 * Received, damaged and missing units as one bar against the expected quantity (a tick marks it when an
 * overage makes the bar longer). Decorative: the numbers beside it say the same in words.
 */
export function UnitsBar({ progress, className = "" }: { progress: LineProgress; className?: string }) {
  const { expected, received, damaged, missing, state } = progress;
  const scale = Math.max(expected, received + damaged + missing, 1);
  const width = (units: number) => `${(units / scale) * 100}%`;
  return (
    <div aria-hidden="true" className={`relative h-2 overflow-hidden rounded-full bg-slate-200 ${className}`}>
      <div className="flex h-full">
        <div
          className={
            state === "over" ? "bg-orange-500" : state === "complete" ? "bg-emerald-500" : "bg-indigo-500"
          }
          style={{ width: width(received) }}
        />
        <div className="bg-red-500" style={{ width: width(damaged) }} />
        <div className="bg-amber-400" style={{ width: width(missing) }} />
      </div>
      {scale > expected && expected > 0 ? (
        <div className="absolute inset-y-0 w-0.5 bg-slate-900" style={{ left: width(expected) }} />
      ) : null}
    </div>
  );
}

/** What a line's state means, in a few words, for the discrepancy column and Receive mode. */
function progressLabel(progress: LineProgress): string {
  switch (progress.state) {
    case "over":
      return `${progress.overage.toLocaleString("en-US")} over expected`;
    case "short":
      return `${progress.shortfall.toLocaleString("en-US")} short`;
    case "complete":
      return "Complete";
    default:
      return `${progress.outstanding.toLocaleString("en-US")} to receive`;
  }
}

const STATE_TONE: Record<LineProgress["state"], BadgeTone> = {
  waiting: "gray",
  partial: "blue",
  complete: "green",
  short: "red",
  over: "amber",
};

/**
 * A line's state as a badge: "12 to receive", "Complete", "3 short", "2 over expected". An overage is a
 * warning (units nobody ordered, or a miscount), so it carries an icon besides its colour.
 */
export function LineStateBadge({ progress }: { progress: LineProgress }) {
  return (
    <Badge tone={STATE_TONE[progress.state]}>
      {progress.state === "over" ? (
        <TriangleAlert aria-hidden="true" className="mr-1 size-3.5 text-amber-700" />
      ) : null}
      {progressLabel(progress)}
    </Badge>
  );
}
