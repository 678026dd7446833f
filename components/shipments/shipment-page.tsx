"use client";

import { ScanLine } from "lucide-react";
import Link from "next/link";
import { lazy, Suspense, useEffect } from "react";
import { useCan, useCurrentStore } from "@/components/app/staff-context";
import { PageHeader } from "@/components/shell/page-header";
import { buttonClasses } from "@/components/ui/button";
import { RelativeTime } from "@/components/ui/relative-time";
import { useInboundShipment } from "@/lib/client/hooks/inbound-shipments";
import { shipmentLabel } from "./shipment-columns";
import { ShipmentBodySkeleton, ShipmentNotLoaded } from "./shipment-load-states";
import { ShipmentStatusBadge } from "./shipment-status-badge";

const loadBody = () => import("./shipment-page-body");
const ShipmentPageBody = lazy(() => loadBody().then((module) => ({ default: module.ShipmentPageBody })));

/**
 * One inbound shipment: its lines with progress and discrepancies, its receipts, and its details. Editors and
 * admins get Receive; viewers see the same page without it (the API would refuse them anyway). The loaded
 * shipment's lines, receipts, details and events are their own chunk (shipment-page-body.tsx), fetched at mount
 * beside the shipment's request rather than in the page's first load.
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
  useEffect(() => {
    void loadBody();
  }, []);
  const listHref = `/stores/${store.id}/shipments`;
  const crumbs = (label: string) => [
    { label: store.name, href: `/stores/${store.id}` },
    { label: "Inbound shipments", href: listHref },
    { label },
  ];

  if (!query.isSuccess) {
    return <ShipmentNotLoaded query={query} shipmentId={shipmentId} listHref={listHref} crumbs={crumbs} />;
  }

  const shipment = query.data;
  const label = shipmentLabel(shipment);
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
      <Suspense fallback={<ShipmentBodySkeleton />}>
        <ShipmentPageBody shipment={shipment} storeId={store.id} justRecorded={justRecorded} />
      </Suspense>
    </>
  );
}
