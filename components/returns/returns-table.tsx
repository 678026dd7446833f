"use client";

import Link from "next/link";
import { useEffect, useRef } from "react";
import { useStoreTimeZone } from "@/components/app/staff-context";
import { Skeleton } from "@/components/ui/skeleton";
import { formatDateTime, formatNumber, formatPersonName, formatRelative } from "@/lib/client/format";
import type { Order } from "@/lib/schemas/orders";
import type { Return } from "@/lib/schemas/returns";
import { ReturnStatusBadge, ReturnTypeBadge } from "./return-badges";
import { describeResolution } from "./return-resolution";

export type ReturnRow = { ret: Return; order: Order | undefined };

/** Row selection for bulk actions (admins only); absent, the table has no checkbox column. */
export type RowSelection = {
  selected: ReadonlySet<string>;
  /** `range`: shift was held, so everything from the last toggled row to this one follows it. */
  onToggle: (id: string, range: boolean) => void;
  onToggleAll: (checked: boolean) => void;
};

/**
 * Below 1024 px (a tablet, the sidebar collapsed) the low-value columns go, as Shopify Polaris's index
 * tables do, so the rest fits without scrolling sideways: Type (a claim or warranty shows its badge
 * beside the status instead) and Items (on the return's page).
 */
const WIDE_ONLY = "hidden lg:table-cell";

const HEADERS = [
  { label: "Order", className: "" },
  { label: "Status", className: "" },
  { label: "Type", className: WIDE_ONLY },
  { label: "Customer", className: "" },
  { label: "Items", className: `text-right ${WIDE_ONLY}` },
  { label: "Resolution", className: "text-right" },
  { label: "Updated", className: "text-right" },
];

function TableHead({ rows, selection }: { rows?: ReturnRow[]; selection?: RowSelection }) {
  return (
    <thead className="bg-slate-50 text-left text-xs font-medium uppercase tracking-wide text-slate-500">
      <tr>
        {selection ? (
          <th scope="col" className="w-10 px-3 py-2.5">
            <SelectAllBox rows={rows ?? []} selection={selection} />
          </th>
        ) : null}
        {HEADERS.map((header) => (
          <th key={header.label} scope="col" className={`px-3 py-2.5 whitespace-nowrap ${header.className}`}>
            {header.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}

function SelectAllBox({ rows, selection }: { rows: ReturnRow[]; selection: RowSelection }) {
  const ref = useRef<HTMLInputElement>(null);
  const chosen = rows.filter((row) => selection.selected.has(row.ret.id)).length;
  const all = rows.length > 0 && chosen === rows.length;
  useEffect(() => {
    // "Some but not all": only settable from script.
    if (ref.current) ref.current.indeterminate = chosen > 0 && !all;
  }, [chosen, all]);
  return (
    <input
      ref={ref}
      type="checkbox"
      aria-label="Select every return shown"
      checked={all}
      onChange={(event) => selection.onToggleAll(event.target.checked)}
      className="size-4 rounded border-slate-300 accent-indigo-600"
    />
  );
}

/** Units returned: what "items" means to the warehouse (two of one shirt is two items). */
export function returnedUnits(ret: Return): number {
  return ret.items.reduce((sum, item) => sum + item.quantity, 0);
}

/** Each way the customer is made whole on its own line: "Refund $24.00" over "Exchange". */
function ResolutionCell({ ret }: { ret: Return }) {
  const parts = describeResolution(ret);
  if (parts.length === 0) return <span className="text-slate-500">—</span>;
  return (
    <ul>
      {parts.map((part) => (
        // Below 1024 px the amount goes under its label, so the column stays as narrow as one of them.
        <li key={part.label} className="whitespace-nowrap">
          <span className="text-slate-600">{part.label}</span>
          {part.amount ? (
            <span className="block tabular-nums text-slate-900 lg:ml-1.5 lg:inline">{part.amount}</span>
          ) : null}
        </li>
      ))}
    </ul>
  );
}

function ReturnTableRow({
  row,
  storeId,
  now,
  selection,
}: {
  row: ReturnRow;
  storeId: string;
  now: number;
  selection?: RowSelection;
}) {
  const timeZone = useStoreTimeZone();
  const { ret, order } = row;
  const customerName = order ? formatPersonName(order.customer.name) : formatPersonName(ret.source.name);
  const email = order?.customer.emailAddress ?? ret.source.emailAddress;
  return (
    // The link in the first cell covers the whole row (its ::after is stretched over the row), so the
    // row is clickable while keyboard and screen-reader users meet one ordinary link.
    <tr
      className={`relative hover:bg-slate-50 focus-within:bg-indigo-50/50 ${
        // A bar at the row's start, not a tint: a tinted row would drop the grey secondary text below 4.5:1.
        selection?.selected.has(ret.id) ? "shadow-[inset_3px_0_0_0_var(--color-indigo-600)]" : ""
      }`}
    >
      {selection ? (
        // Above the row link's stretched ::after, so the box takes its own clicks.
        <td className="relative z-10 w-10 px-3 py-3">
          <input
            type="checkbox"
            aria-label={`Select the return for order ${ret.order.name}`}
            checked={selection.selected.has(ret.id)}
            // React fires a checkbox's change from its click, so the native event tells whether shift was held.
            onChange={(event) =>
              selection.onToggle(
                ret.id,
                "shiftKey" in event.nativeEvent && event.nativeEvent.shiftKey === true,
              )
            }
            className="size-4 rounded border-slate-300 accent-indigo-600"
          />
        </td>
      ) : null}
      {/* A long order name (a platform's own id) is cut with an ellipsis, so it cannot push the row wide. */}
      <td className="max-w-32 px-3 py-3 whitespace-nowrap lg:max-w-40 xl:max-w-64">
        <Link
          href={`/stores/${storeId}/returns/${ret.id}`}
          // Fifty rows would mean fifty prefetches; the detail loads its data from the API anyway.
          prefetch={false}
          title={ret.order.name}
          className="block truncate font-medium text-indigo-700 after:absolute after:inset-0 hover:underline focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:-outline-offset-2 focus-visible:after:outline-indigo-600"
        >
          <span className="sr-only">Return for order </span>
          {ret.order.name}
        </Link>
        <div className="mt-0.5 hidden font-mono text-xs text-slate-500 lg:block">{ret.id}</div>
      </td>
      <td className="px-3 py-3">
        <span className="inline-flex flex-wrap gap-1">
          <ReturnStatusBadge status={ret.status} />
          {ret.type === "return" ? null : (
            <span className="lg:hidden">
              <ReturnTypeBadge type={ret.type} />
            </span>
          )}
        </span>
      </td>
      <td className={`px-3 py-3 ${WIDE_ONLY}`}>
        <ReturnTypeBadge type={ret.type} />
      </td>
      <td className="max-w-28 px-3 py-3 lg:max-w-48 xl:max-w-56">
        <div className="truncate text-slate-900">{customerName}</div>
        <div className="truncate text-xs text-slate-500">{email}</div>
      </td>
      <td className={`px-3 py-3 text-right tabular-nums ${WIDE_ONLY}`}>{formatNumber(returnedUnits(ret))}</td>
      <td className="px-3 py-3 text-right">
        <ResolutionCell ret={ret} />
      </td>
      <td className="px-3 py-3 text-right whitespace-nowrap text-slate-600">
        <time dateTime={ret.updatedAt} title={formatDateTime(ret.updatedAt, timeZone)}>
          {formatRelative(ret.updatedAt, now)}
        </time>
      </td>
    </tr>
  );
}

export function ReturnsTable({
  rows,
  storeId,
  busy,
  selection,
}: {
  rows: ReturnRow[];
  storeId: string;
  busy: boolean;
  selection?: RowSelection;
}) {
  const now = Date.now();
  return (
    <div className="overflow-x-auto">
      <table
        className={`min-w-full text-sm transition-opacity ${busy ? "opacity-60" : ""}`}
        aria-busy={busy || undefined}
      >
        <caption className="sr-only">Returns, most recently updated first</caption>
        <TableHead rows={rows} selection={selection} />
        <tbody className="divide-y divide-slate-100">
          {rows.map((row) => (
            <ReturnTableRow key={row.ret.id} row={row} storeId={storeId} now={now} selection={selection} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Placeholder rows of the table's final size while the first page loads. */
export function ReturnsTableSkeleton({ rows = 10 }: { rows?: number }) {
  return (
    <div className="overflow-x-auto" aria-busy="true">
      <table className="min-w-full text-sm">
        <caption className="sr-only">Loading returns</caption>
        <TableHead />
        <tbody className="divide-y divide-slate-100">
          {Array.from({ length: rows }, (_, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have no identity.
            <tr key={index}>
              <td className="px-3 py-3">
                <Skeleton className="h-5 w-14" />
                <Skeleton className="mt-0.5 hidden h-4 w-52 lg:block" />
              </td>
              <td className="px-3 py-3">
                <Skeleton className="h-5 w-20 rounded-full" />
              </td>
              <td className={`px-3 py-3 ${WIDE_ONLY}`}>
                <Skeleton className="h-5 w-14 rounded-full" />
              </td>
              <td className="px-3 py-3">
                <Skeleton className="h-5 w-32" />
                <Skeleton className="mt-0.5 h-4 w-44" />
              </td>
              <td className={`px-3 py-3 ${WIDE_ONLY}`}>
                <Skeleton className="ml-auto h-5 w-6" />
              </td>
              <td className="px-3 py-3">
                <Skeleton className="ml-auto h-5 w-16" />
              </td>
              <td className="px-3 py-3">
                <Skeleton className="ml-auto h-5 w-20" />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
