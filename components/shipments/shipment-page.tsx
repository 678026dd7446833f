"use client";

import { ScanLine } from "lucide-react";
import Link from "next/link";
import { useCan, useCurrentStore } from "@/components/app/staff-context";
import { PageHeader } from "@/components/shell/page-header";
import { buttonClasses } from "@/components/ui/button";
import { RelativeTime } from "@/components/ui/relative-time";
import { useInboundShipment } from "@/lib/client/hooks/inbound-shipments";
import { ReceiptHistory } from "./receipt-history";
import { shipmentLabel } from "./shipment-columns";
import { ShipmentDetailsCard } from "./shipment-details-card";
import { ShipmentEvents } from "./shipment-events";
import { ShipmentLines } from "./shipment-lines";
import { ShipmentLoadError, ShipmentSkeleton } from "./shipment-load-states";
import { ShipmentStatusBadge } from "./shipment-status-badge";

/**
 * One inbound shipment: its lines with progress and discrepancies, its receipts, and its details. Editors and
 * admins get Receive; viewers see the same page without it (the API would refuse them anyway).
 */
export function ShipmentPage({
  shipmentId,
  justRecorded,
}: {
  shipmentId: string;
  /** The receipt Receive mode just recorded, marked in the history. */
  justRecorded: string | null;
}) {
  const store = useCurrentStore();
  const canWrite = useCan("write");
  const query = useInboundShipment(store.id, shipmentId);
  const listHref = `/stores/${store.id}/shipments`;
  const crumbs = (label: string) => [
    { label: store.name, href: `/stores/${store.id}` },
    { label: "Inbound shipments", href: listHref },
    { label },
  ];

  if (query.isPending) return <ShipmentSkeleton crumbs={crumbs("Shipment")} />;
  if (query.isError) {
    return (
      <ShipmentLoadError
        error={query.error}
        crumbs={crumbs(shipmentId)}
        listHref={listHref}
        onRetry={() => query.refetch()}
      />
    );
  }

  const shipment = query.data;
  const label = shipmentLabel(shipment);
  const processed = shipment.received_count + shipment.damaged_count + shipment.missing_count;
  return (
    <>
      <PageHeader
        title={`Shipment ${label}`}
        breadcrumbs={crumbs(label)}
        description={
          <>
            To {shipment.location.name}
            {shipment.carrier ? <> · {shipment.carrier}</> : null} · Updated{" "}
            <RelativeTime value={shipment.updated_at} />
          </>
        }
        meta={
          <>
            <ShipmentStatusBadge status={shipment.status} />
            {shipment.shipment_id ? (
              <span className="font-mono text-sm text-slate-600">{shipment.id}</span>
            ) : null}
          </>
        }
        actions={
          canWrite ? (
            <Link
              href={`/stores/${store.id}/shipments/${shipment.id}/receive`}
              className={buttonClasses("primary")}
            >
              <ScanLine aria-hidden="true" className="size-4" />
              Receive
            </Link>
          ) : null
        }
      />
      <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
        <div className="min-w-0 space-y-6">
          <ShipmentLines shipment={shipment} storeId={store.id} />
          <ReceiptHistory
            storeId={store.id}
            inboundShipmentId={shipment.id}
            processedWithoutReceipts={processed > 0}
            highlightId={justRecorded}
          />
        </div>
        <div className="min-w-0 space-y-6">
          <ShipmentDetailsCard shipment={shipment} />
          <ShipmentEvents storeId={store.id} inboundShipmentId={shipment.id} />
        </div>
      </div>
    </>
  );
}
