import { AlertTriangle, CalendarClock, ClipboardCheck, Flag, PackageCheck, Webhook } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { Skeleton } from "@/components/ui/skeleton";
import { formatNumber } from "@/lib/client/format";
import type { StoreOverview } from "@/lib/schemas/overview";

type Tile = {
  key: keyof StoreOverview["counts"];
  label: string;
  hint: string;
  icon: ReactNode;
  /** The list that shows exactly these rows; none when the viewer may not open it. */
  href?: string;
};

/** The six counts of waiting work, each a link to the filtered list whose rows it counts. */
function tilesFor(storeId: string, isAdmin: boolean): Tile[] {
  const base = `/stores/${storeId}`;
  const icon = "size-5";
  return [
    {
      key: "returnsAwaitingReview",
      label: "Returns awaiting authorization",
      hint: "Status pre-shipment",
      icon: <ClipboardCheck className={icon} />,
      href: `${base}/returns?status=pre_shipment`,
    },
    {
      key: "returnsFlagged",
      label: "Flagged returns",
      hint: "Status flagged: a problem needs you",
      icon: <Flag className={icon} />,
      href: `${base}/returns?status=flagged`,
    },
    {
      key: "returnsAwaitingProcessing",
      label: "Delivered, awaiting processing",
      hint: "Status delivered",
      icon: <PackageCheck className={icon} />,
      href: `${base}/returns?status=delivered`,
    },
    {
      key: "shipmentsArrivingSoon",
      label: "Shipments arriving in 7 days",
      hint: "Not received, expected today to 7 days on",
      icon: <CalendarClock className={icon} />,
      href: `${base}/shipments?arriving=7`,
    },
    {
      key: "shipmentsLate",
      label: "Late shipments",
      hint: "Not received, expected before today",
      icon: <AlertTriangle className={icon} />,
      href: `${base}/shipments?late=true`,
    },
    {
      key: "webhooksFailing",
      label: "Failing webhooks",
      hint: isAdmin ? "Failing or disabled" : "Failing or disabled; an admin can fix them",
      icon: <Webhook className={icon} />,
      // Settings -> Webhooks is for admins; others see the number without a link they could not use.
      href: isAdmin ? `${base}/settings/webhooks` : undefined,
    },
  ];
}

const TILE = "flex h-full flex-col gap-2 rounded-lg border bg-white p-4 shadow-sm";

export function ActionCounts({
  storeId,
  isAdmin,
  counts,
}: {
  storeId: string;
  isAdmin: boolean;
  counts: StoreOverview["counts"] | undefined;
}) {
  return (
    <section aria-labelledby="needs-action">
      <h2 id="needs-action" className="mb-3 text-sm font-semibold text-slate-900">
        Needs action
      </h2>
      <ul className="grid grid-cols-2 gap-3 md:grid-cols-3 xl:grid-cols-6">
        {tilesFor(storeId, isAdmin).map((tile) => {
          const value = counts?.[tile.key];
          // A count above zero is work waiting: its tile stands out; zero stays quiet.
          const waiting = value !== undefined && value > 0;
          const body = (
            <>
              <span className="flex items-center justify-between gap-2 text-sm font-medium text-slate-700">
                {tile.label}
                <span aria-hidden="true" className={waiting ? "text-indigo-600" : "text-slate-400"}>
                  {tile.icon}
                </span>
              </span>
              {value === undefined ? (
                <Skeleton className="h-8 w-16" />
              ) : (
                <span
                  data-testid={`count-${tile.key}`}
                  className={`text-3xl font-semibold tabular-nums ${waiting ? "text-slate-900" : "text-slate-500"}`}
                >
                  {formatNumber(value)}
                </span>
              )}
              <span className="text-xs text-slate-600">{tile.hint}</span>
            </>
          );
          return (
            <li key={tile.key}>
              {tile.href ? (
                <Link
                  href={tile.href}
                  className={`${TILE} ${waiting ? "border-indigo-200" : "border-slate-200"} transition hover:border-indigo-400 hover:shadow focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600`}
                >
                  {body}
                </Link>
              ) : (
                <div className={`${TILE} border-slate-200`}>{body}</div>
              )}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
