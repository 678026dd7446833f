"use client";

import Link from "next/link";
import { usePathname, useSearchParams } from "next/navigation";
import { formatNumber } from "@/lib/client/format";
import type { ReturnStatus } from "@/lib/enums";
import type { ReturnCounts } from "@/lib/schemas/return-bulk";
import { RETURN_STATUS_LABELS } from "./return-badges";

/**
 * The tabs in lifecycle order, the statuses that wait for the merchant (pre-shipment, needs review,
 * flagged) among them where staff meet them. On narrow screens the strip scrolls sideways; from `lg` on it
 * wraps, so every status stays in view.
 */
const TABS: readonly (ReturnStatus | undefined)[] = [
  undefined,
  "pre_shipment",
  "open",
  "in_transit",
  "delivered",
  "needs_review",
  "in_review",
  "flagged",
  "complete",
  "rejected",
  "deleted",
];

/**
 * Status tabs over the returns list, each with how many returns it holds under the other filters. They
 * are links (the status lives in the URL), so a tab can be opened in a new tab and back/forward step
 * through them like the Status select. Counts come from one request for all tabs.
 */
export function ReturnStatusTabs({
  status,
  counts,
}: {
  status: ReturnStatus | undefined;
  counts: ReturnCounts | undefined;
}) {
  const pathname = usePathname();
  const searchParams = useSearchParams();
  const hrefOf = (tab: ReturnStatus | undefined) => {
    const next = new URLSearchParams(searchParams.toString());
    if (tab) next.set("status", tab);
    else next.delete("status");
    const query = next.toString();
    return query ? `${pathname}?${query}` : pathname;
  };
  return (
    <nav aria-label="Return status" className="-mb-px overflow-x-auto">
      {/* Eleven tabs: on wide screens they wrap onto a second row rather than hide past the edge. */}
      <ul className="flex min-w-max gap-1 border-b border-slate-200 lg:min-w-0 lg:flex-wrap">
        {TABS.map((tab) => {
          const current = tab === status;
          const count = counts ? (tab ? counts.counts[tab] : counts.total) : undefined;
          return (
            <li key={tab ?? "all"}>
              <Link
                href={hrefOf(tab)}
                scroll={false}
                aria-current={current ? "page" : undefined}
                className={`flex items-center gap-2 border-b-2 px-3 py-2 text-sm font-medium whitespace-nowrap focus-visible:outline-2 focus-visible:outline-indigo-600 ${
                  current
                    ? "border-indigo-600 text-indigo-700"
                    : "border-transparent text-slate-600 hover:border-slate-300 hover:text-slate-900"
                }`}
              >
                {tab ? RETURN_STATUS_LABELS[tab] : "All"}
                <span
                  data-testid="tab-count"
                  className={`min-w-6 rounded-full px-1.5 py-0.5 text-center text-xs tabular-nums ${
                    current ? "bg-indigo-100 text-indigo-800" : "bg-slate-100 text-slate-700"
                  }`}
                >
                  {count === undefined ? "–" : formatNumber(count)}
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
