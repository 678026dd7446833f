"use client";

import { useCan, useCurrentStore } from "@/components/app/staff-context";
import { Button } from "@/components/ui/button";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { formatMoney, formatNumber } from "@/lib/client/format";
import type { CycleCountLine } from "@/lib/schemas/cycle-counts";
import { LineStatusBadge, signed } from "./count-labels";

/** Biggest value first (units where no price is known), then biggest units; exact lines last. */
export function byVarianceValue(a: CycleCountLine, b: CycleCountLine): number {
  const value = (line: CycleCountLine) => Math.abs(Number(line.variance_value ?? 0));
  const units = (line: CycleCountLine) => Math.abs(line.variance ?? 0);
  return value(b) - value(a) || units(b) - units(a);
}

/**
 * The review: counted lines by the value of their variance. Admins accept or send back the lines over the
 * threshold (`onReview`); everyone else reads.
 */
export function ReviewTable({
  lines,
  onReview,
  busy,
}: {
  lines: CycleCountLine[];
  onReview?: (action: "accept" | "recount", lineIds: string[]) => void;
  busy: boolean;
}) {
  const store = useCurrentStore();
  const isAdmin = useCan("admin");
  const shown = lines.filter((line) => line.status !== "skipped").sort(byVarianceValue);
  const skipped = lines.length - shown.length;
  return (
    <div>
      <ScrollRegion label="Count lines by variance value">
        <table className="w-full min-w-[40rem] text-sm">
          <thead className="bg-slate-50 text-left text-xs font-medium text-slate-600">
            <tr>
              <th scope="col" className="px-4 py-2">
                Item
              </th>
              <th scope="col" className="px-3 py-2">
                Place
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Expected
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Counted
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Variance
              </th>
              <th scope="col" className="px-3 py-2 text-right">
                Value
              </th>
              <th scope="col" className="px-3 py-2">
                Status
              </th>
              {onReview && isAdmin ? (
                <th scope="col" className="px-3 py-2">
                  <span className="sr-only">Actions</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {shown.map((line) => (
              <tr key={line.id} className={line.status === "review" ? "bg-amber-50/60" : undefined}>
                <td className="px-4 py-2">
                  <span className="block font-medium text-slate-900">
                    {line.inventory_item.name ?? line.inventory_item.sku}
                  </span>
                  <span className="font-mono text-xs text-slate-600">{line.inventory_item.sku ?? "—"}</span>
                </td>
                <td className="px-3 py-2 font-mono">{line.bin?.code ?? "Unbinned"}</td>
                <td className="px-3 py-2 text-right tabular-nums">
                  {line.snapshot_quantity === null ? "—" : formatNumber(line.snapshot_quantity)}
                </td>
                <td className="px-3 py-2 text-right tabular-nums">
                  {line.counted_quantity === null ? "—" : formatNumber(line.counted_quantity)}
                </td>
                <td className="px-3 py-2 text-right font-medium tabular-nums">
                  {line.variance === null ? "—" : signed(line.variance)}
                </td>
                <td className="px-3 py-2 text-right tabular-nums">
                  {line.variance_value === null
                    ? "units only"
                    : formatMoney({ amount: line.variance_value, currency: store.currency })}
                </td>
                <td className="px-3 py-2">
                  <LineStatusBadge status={line.status} />
                  {line.accepted_by === "auto" ? (
                    <span className="ml-1 text-xs text-slate-600">auto</span>
                  ) : null}
                </td>
                {onReview && isAdmin ? (
                  <td className="whitespace-nowrap px-3 py-2 text-right">
                    {line.status === "review" ? (
                      <span className="inline-flex gap-1">
                        <Button size="sm" disabled={busy} onClick={() => onReview("accept", [line.id])}>
                          Accept<span className="sr-only"> {line.inventory_item.sku}</span>
                        </Button>
                        <Button
                          size="sm"
                          variant="ghost"
                          disabled={busy}
                          onClick={() => onReview("recount", [line.id])}
                        >
                          Recount<span className="sr-only"> {line.inventory_item.sku}</span>
                        </Button>
                      </span>
                    ) : null}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollRegion>
      {skipped > 0 ? (
        <p className="border-t border-slate-100 px-4 py-2 text-xs text-slate-600">
          {skipped} {skipped === 1 ? "line was" : "lines were"} in places never started: skipped, stock left
          as it is.
        </p>
      ) : null}
    </div>
  );
}
