import type { ColumnDef } from "@tanstack/react-table";
import Link from "next/link";
import { useCurrentStore } from "@/components/app/staff-context";
import { RelativeTime } from "@/components/ui/relative-time";
import { formatDate, formatMoney, formatNumber } from "@/lib/client/format";
import type { SupplierClaimSummary } from "@/lib/schemas/suppliers";
import { ClaimStatusBadge } from "./claim-status-badge";

export const CLAIM_ROW_HEIGHT = 61;

export const claimColumns: ColumnDef<SupplierClaimSummary>[] = [
  {
    id: "claim",
    header: "Supplier",
    size: 240,
    cell: ({ row: { original: claim } }) => <ClaimCell claim={claim} />,
  },
  {
    id: "status",
    header: "Status",
    size: 120,
    cell: ({ row }) => <ClaimStatusBadge status={row.original.status} />,
  },
  {
    id: "total",
    header: "Claimed",
    size: 150,
    meta: { align: "right" },
    cell: ({ row: { original: claim } }) => (
      <span className="tabular-nums">
        {formatMoney(claim.total)}
        {claim.credited ? (
          <span className="block text-xs text-green-800">{formatMoney(claim.credited)} credited</span>
        ) : null}
      </span>
    ),
  },
  {
    id: "units",
    header: "Units",
    size: 90,
    meta: { align: "right" },
    cell: ({ row }) => <span className="tabular-nums">{formatNumber(row.original.unit_count)}</span>,
  },
  {
    id: "due",
    header: "Due",
    size: 130,
    cell: ({ row }) => <span className="whitespace-nowrap">{formatDate(row.original.due_date)}</span>,
  },
  {
    id: "updated",
    header: "Updated",
    size: 140,
    cell: ({ row }) => <RelativeTime value={row.original.updated_at} className="whitespace-nowrap" />,
  },
];

/** The supplier's name, opening the claim's page, and the claim's id. */
function ClaimCell({ claim }: { claim: SupplierClaimSummary }) {
  const store = useCurrentStore();
  return (
    <div className="min-w-0">
      <Link
        href={`/stores/${store.id}/supplier-claims/${claim.id}`}
        prefetch={false}
        className="block truncate font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        {claim.supplier.name}
      </Link>
      <div className="truncate font-mono text-xs text-slate-500">{claim.id}</div>
    </div>
  );
}
