"use client";

import { ScanLine } from "lucide-react";
import Link from "next/link";
import { lazy, Suspense, useEffect } from "react";
import { ShipmentLabelsButton } from "@/components/labels/subject-label-buttons";
import { buttonClasses } from "@/components/ui/button";
import { RelativeTime } from "@/components/ui/relative-time";
import { ShipmentBodySkeleton, ShipmentFrame, useShipmentPage } from "./shipment-load-states";

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
  const page = useShipmentPage(shipmentId);
  useEffect(() => {
    void loadBody();
  }, []);

  return (
    <ShipmentFrame
      page={page}
      header={(shipment) => ({
        verb: "Shipment",
        description: (
          <>
            To {shipment.location.name}
            {shipment.carrier ? <> · {shipment.carrier}</> : null}
            {/* A transfer's shipment links back to the transfer (docs/transfers.md). */}
            {shipment.transfer_orders.map((transfer) => (
              <span key={transfer.id}>
                {" · "}
                <Link
                  href={`/stores/${page.store.id}/transfers/${transfer.id}`}
                  // Underlined: inside a sentence, colour alone would not tell the link from the text (axe).
                  className="text-indigo-700 underline hover:text-indigo-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
                >
                  {transfer.name}
                </Link>
              </span>
            ))}{" "}
            · Updated <RelativeTime value={shipment.updated_at} />
          </>
        ),
        meta: shipment.shipment_id ? (
          <span className="font-mono text-sm text-slate-600">{shipment.id}</span>
        ) : null,
        actions: page.canWrite ? (
          <>
            <ShipmentLabelsButton storeId={page.store.id} shipmentId={shipment.id} />
            <Link href={`${page.listHref}/${shipment.id}/receive`} className={buttonClasses("primary")}>
              <ScanLine aria-hidden="true" className="size-4" />
              Receive
            </Link>
          </>
        ) : null,
      })}
    >
      {(shipment) => (
        <Suspense fallback={<ShipmentBodySkeleton />}>
          <ShipmentPageBody shipment={shipment} storeId={page.store.id} justRecorded={justRecorded} />
        </Suspense>
      )}
    </ShipmentFrame>
  );
}
