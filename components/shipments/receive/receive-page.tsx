"use client";

import { ArrowLeft } from "lucide-react";
import Link from "next/link";
import { lazy, Suspense, useEffect, useState } from "react";
import { PageHeader } from "@/components/shell/page-header";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/states";
import { ShipmentBodySkeleton, ShipmentFrame, useShipmentPage } from "../shipment-load-states";

// The workspace (scanning, counting, discrepancies, the summary) is its own chunk, fetched at mount beside
// the shipment's request rather than in the page's first load.
const loadWorkspace = () => import("./receive-workspace");
const ReceiveWorkspace = lazy(() => loadWorkspace().then((module) => ({ default: module.ReceiveWorkspace })));

/**
 * Receive mode (docs/receiving.md, "In the web app"): the dock's page for counting a shipment in with a
 * scanner, a tablet at 768 px or the keyboard alone. Editors and admins; a viewer is told why not.
 */
export function ReceivePage({ shipmentId }: { shipmentId: string }) {
  const page = useShipmentPage(shipmentId, { label: "Receive" });
  const { store, canWrite, shipmentHref, crumbs } = page;
  // A fully received shipment is received again only when staff say so (late extra units); a wrong count is
  // fixed by correcting its receipt instead.
  const [receiveAnyway, setReceiveAnyway] = useState(false);
  useEffect(() => {
    if (canWrite) void loadWorkspace();
  }, [canWrite]);
  const back = (
    <Link href={shipmentHref} className={buttonClasses("secondary")}>
      <ArrowLeft aria-hidden="true" className="size-4" />
      Back to the shipment
    </Link>
  );

  if (!canWrite) {
    return (
      <>
        <PageHeader title="Receive shipment" breadcrumbs={crumbs("Shipment")} />
        <Card bodyClassName="">
          <EmptyState title="Your role cannot receive shipments" action={back}>
            Viewers can see a shipment and its receipts; ask an admin of this store for the editor role to
            receive units.
          </EmptyState>
        </Card>
      </>
    );
  }
  return (
    <ShipmentFrame
      page={page}
      header={(shipment) => ({
        verb: "Receive",
        description: `Into ${shipment.location.name}. Scan each unit, count cartons, and note what is damaged or missing; nothing is recorded until you complete the receipt.`,
        actions: back,
      })}
    >
      {(shipment) =>
        shipment.items.length === 0 ? (
          <Card bodyClassName="">
            <EmptyState title="This shipment has no lines to receive" action={back} />
          </Card>
        ) : shipment.status === "RECEIVED" && !receiveAnyway ? (
          <Card bodyClassName="">
            <EmptyState
              title="This shipment is fully received"
              action={
                <div className="flex flex-wrap justify-center gap-3">
                  <Link href={`${shipmentHref}#receipts`} className={buttonClasses("primary")}>
                    Correct a receipt
                  </Link>
                  <Button onClick={() => setReceiveAnyway(true)}>Receive more anyway</Button>
                </div>
              }
            >
              Every expected unit is already received, damaged or missing. To fix a count, correct its receipt
              on the shipment page. Receive more only for units that arrived beyond the shipment.
            </EmptyState>
          </Card>
        ) : (
          <Suspense fallback={<ShipmentBodySkeleton />}>
            <ReceiveWorkspace shipment={shipment} storeId={store.id} />
          </Suspense>
        )
      }
    </ShipmentFrame>
  );
}
