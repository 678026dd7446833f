import type { ColumnDef } from "@tanstack/react-table";
import { ArrowRight } from "lucide-react";
import Link from "next/link";
import { useCurrentStore } from "@/components/app/staff-context";
import { RelativeTime } from "@/components/ui/relative-time";
import { formatNumber } from "@/lib/client/format";
import type { TransferSummary } from "@/lib/schemas/transfers";
import { TransferStatusBadge } from "./transfer-status-badge";

export const TRANSFER_ROW_HEIGHT = 61;

export const transferColumns: ColumnDef<TransferSummary>[] = [
  {
    id: "transfer",
    header: "Transfer",
    size: 270,
    cell: ({ row: { original: t } }) => <TransferCell transfer={t} />,
  },
  {
    id: "status",
    header: "Status",
    size: 140,
    cell: ({ row }) => <TransferStatusBadge status={row.original.status} />,
  },
  {
    id: "units",
    header: "Units",
    size: 170,
    cell: ({ row: { original: t } }) => (
      <span className="tabular-nums">
        {t.status === "DRAFT" || t.status === "CANCELLED"
          ? `${formatNumber(t.unit_count)} units`
          : `${formatNumber(t.received_count)} / ${formatNumber(t.unit_count)} received`}
        {t.damaged_count + t.missing_count > 0 ? (
          <span className="block text-xs text-red-700">
            {formatNumber(t.damaged_count)} damaged, {formatNumber(t.missing_count)} missing
          </span>
        ) : null}
      </span>
    ),
  },
  {
    id: "lines",
    header: "Products",
    size: 100,
    meta: { align: "right", priority: 1 },
    cell: ({ row }) => <span className="tabular-nums">{formatNumber(row.original.line_count)}</span>,
  },
  {
    id: "created",
    header: "Created",
    size: 140,
    meta: { priority: 3 },
    cell: ({ row }) => <RelativeTime value={row.original.created_at} className="whitespace-nowrap" />,
  },
  {
    id: "updated",
    header: "Updated",
    size: 140,
    meta: { priority: 2 },
    cell: ({ row }) => <RelativeTime value={row.original.updated_at} className="whitespace-nowrap" />,
  },
];

/**
 * Where the units go, "Main warehouse → Downtown store", opening the transfer's page. The names wrap rather than
 * being cut: two locations' names are the whole point of the cell, and on a tablet they would otherwise both
 * end in "…" (the row grows; the table measures it).
 */
function TransferCell({ transfer: t }: { transfer: TransferSummary }) {
  const store = useCurrentStore();
  return (
    <div className="min-w-0">
      <Link
        href={`/stores/${store.id}/transfers/${t.id}`}
        prefetch={false}
        className="font-medium text-indigo-700 break-words hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        {t.origin.name}
        <ArrowRight aria-hidden="true" className="mx-1 inline size-3.5 align-[-0.125em]" />
        <span className="sr-only"> to </span>
        {t.destination.name}
      </Link>
      <div className="truncate font-mono text-xs text-slate-500">{t.id}</div>
    </div>
  );
}
