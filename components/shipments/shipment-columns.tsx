import type { ColumnDef } from "@tanstack/react-table";
import { ExternalLink } from "lucide-react";
import Link from "next/link";
import { useCurrentStore } from "@/components/app/staff-context";
import { expanderColumn } from "@/components/data-table/expander-column";
import { RelativeTime } from "@/components/ui/relative-time";
import { formatDate, formatMoney, formatNumber } from "@/lib/client/format";
import type { InboundShipment } from "@/lib/schemas/inbound-shipments";
import { ShipmentStatusBadge } from "./shipment-status-badge";

/** What staff call a shipment: the merchant's own id when there is one. */
export function shipmentLabel(shipment: InboundShipment): string {
  return shipment.shipment_id ?? shipment.id;
}

export const SHIPMENT_ROW_HEIGHT = 61;

// Receiving progress right after the status: it is what staff scan a list of shipments for, and it stays
// in view at 1280 px while the carrier, dates and costs may need a horizontal scroll.
export const shipmentColumns: ColumnDef<InboundShipment>[] = [
  expanderColumn((s, open) => `${open ? "Hide" : "Show"} items of shipment ${shipmentLabel(s)}`),
  {
    id: "shipment",
    header: "Shipment",
    size: 170,
    cell: ({ row: { original: s } }) => <ShipmentCell shipment={s} />,
  },
  {
    id: "status",
    header: "Status",
    size: 160,
    cell: ({ row }) => <ShipmentStatusBadge status={row.original.status} />,
  },
  {
    id: "received",
    header: "Received",
    size: 190,
    cell: ({ row }) => <ReceivedCell shipment={row.original} />,
  },
  {
    id: "destination",
    header: "Destination",
    size: 210,
    cell: ({ row }) => <div className="truncate">{row.original.location.name}</div>,
  },
  {
    id: "carrier",
    header: "Carrier",
    size: 180,
    cell: ({ row: { original: s } }) => <CarrierCell shipment={s} />,
  },
  {
    id: "eta",
    header: "Est. arrival",
    size: 120,
    cell: ({ row }) => (
      <span className="whitespace-nowrap">{formatDate(row.original.estimated_arrival_date)}</span>
    ),
  },
  {
    id: "arrived",
    header: "Arrived",
    size: 120,
    cell: ({ row }) => (
      <span className="whitespace-nowrap">{formatDate(row.original.actual_arrival_date)}</span>
    ),
  },
  {
    id: "freight",
    header: "Freight",
    size: 110,
    meta: { align: "right" },
    cell: ({ row }) => formatMoney(row.original.freight_cost),
  },
  {
    id: "duty",
    header: "Duty",
    size: 110,
    meta: { align: "right" },
    cell: ({ row }) => formatMoney(row.original.duty_cost),
  },
  {
    id: "updated",
    header: "Updated",
    size: 130,
    cell: ({ row }) => <RelativeTime value={row.original.updated_at} className="whitespace-nowrap" />,
  },
];

/**
 * The shipment's name opens its page (lines, receipts, Receive); the row's toggle still opens the items in place.
 * Not prefetched: by default every link scrolled into view fetched its page's payload, a request and its
 * handling on each scroll step through 10,000 rows (docs/performance.md, the shipments page's INP).
 */
function ShipmentCell({ shipment: s }: { shipment: InboundShipment }) {
  const store = useCurrentStore();
  return (
    <div className="min-w-0">
      <Link
        href={`/stores/${store.id}/shipments/${s.id}`}
        prefetch={false}
        className="block truncate font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
      >
        {shipmentLabel(s)}
      </Link>
      {s.shipment_id ? <div className="truncate font-mono text-xs text-slate-500">{s.id}</div> : null}
    </div>
  );
}

function CarrierCell({ shipment: s }: { shipment: InboundShipment }) {
  return (
    <div className="min-w-0">
      <div className="truncate">{s.carrier ?? "—"}</div>
      {s.tracking_number && s.tracking_url ? (
        <a
          href={s.tracking_url}
          target="_blank"
          rel="noopener noreferrer"
          className="inline-flex max-w-full items-center gap-1 font-mono text-xs text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          <span className="truncate">{s.tracking_number}</span>
          <ExternalLink aria-hidden="true" className="size-3 shrink-0" />
          <span className="sr-only">(track on the carrier's site, opens in a new tab)</span>
        </a>
      ) : s.tracking_number ? (
        <div className="truncate font-mono text-xs text-slate-600">{s.tracking_number}</div>
      ) : null}
    </div>
  );
}

function ReceivedCell({ shipment: s }: { shipment: InboundShipment }) {
  const share = s.item_count > 0 ? Math.min(1, s.received_count / s.item_count) : 0;
  return (
    <div>
      <div className="flex items-baseline justify-between gap-2 text-xs">
        <span className="tabular-nums text-slate-900">
          {formatNumber(s.received_count)} / {formatNumber(s.item_count)} units
        </span>
        <span className="tabular-nums text-slate-600">
          {formatNumber(s.sku_count)} {s.sku_count === 1 ? "SKU" : "SKUs"}
        </span>
      </div>
      <div aria-hidden="true" className="mt-1.5 h-1.5 overflow-hidden rounded-full bg-slate-200">
        <div
          className={`h-full rounded-full ${share >= 1 ? "bg-emerald-500" : "bg-indigo-500"}`}
          style={{ width: `${Math.round(share * 100)}%` }}
        />
      </div>
    </div>
  );
}
