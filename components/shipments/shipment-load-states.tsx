"use client";

import { Truck } from "lucide-react";
import Link from "next/link";
import type { ReactNode } from "react";
import { useCan, useCurrentStore } from "@/components/app/staff-context";
import { type Crumb, LoadingPageHeader, PageHeader } from "@/components/shell/page-header";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { ApiError, errorMessage } from "@/lib/client/api-client";
import { useInboundShipment } from "@/lib/client/hooks/inbound-shipments";
import type { InboundShipmentDetail } from "@/lib/schemas/inbound-shipments";
import { shipmentLabel } from "./shipment-columns";
import { ShipmentStatusBadge } from "./shipment-status-badge";

/**
 * What the shipment page and Receive mode share: the store, whether the member may write, the shipment's
 * query, the links to the list and the shipment, and the breadcrumbs for a label of the shipment (then
 * `after`, Receive mode's own crumb, the shipment's crumb then linking to it).
 */
export function useShipmentPage(shipmentId: string, after?: Crumb) {
  const store = useCurrentStore();
  const canWrite = useCan("write");
  const query = useInboundShipment(store.id, shipmentId);
  const listHref = `/stores/${store.id}/shipments`;
  const shipmentHref = `${listHref}/${shipmentId}`;
  const crumbs = (label: string): Crumb[] => [
    { label: store.name, href: `/stores/${store.id}` },
    { label: "Inbound shipments", href: listHref },
    ...(after ? [{ label, href: shipmentHref }, after] : [{ label }]),
  ];
  return { shipmentId, store, canWrite, query, listHref, shipmentHref, crumbs };
}

/**
 * The shipment page's and Receive mode's frame: until the shipment has loaded, its skeleton or why it could
 * not be; then the header (`verb` and the shipment's label, its status badge before `meta`) and `children`.
 */
export function ShipmentFrame({
  page,
  header,
  children,
}: {
  page: ReturnType<typeof useShipmentPage>;
  header: (shipment: InboundShipmentDetail) => {
    verb: string;
    description: ReactNode;
    meta?: ReactNode;
    actions?: ReactNode;
  };
  children: (shipment: InboundShipmentDetail) => ReactNode;
}) {
  const { shipmentId, query, listHref, crumbs } = page;
  if (!query.isSuccess) {
    return <ShipmentNotLoaded query={query} shipmentId={shipmentId} listHref={listHref} crumbs={crumbs} />;
  }
  const shipment = query.data;
  const label = shipmentLabel(shipment);
  const { verb, description, meta, actions } = header(shipment);
  return (
    <>
      <PageHeader
        title={`${verb} ${label}`}
        breadcrumbs={crumbs(label)}
        description={description}
        meta={
          <>
            <ShipmentStatusBadge status={shipment.status} />
            {meta}
          </>
        }
        actions={actions}
      />
      {children(shipment)}
    </>
  );
}

/** Until the shipment has loaded: the skeleton, or why it could not be loaded (crumbs ending at its id). */
function ShipmentNotLoaded({
  query,
  shipmentId,
  listHref,
  crumbs,
}: {
  query: { isError: boolean; error: unknown; refetch: () => unknown };
  shipmentId: string;
  listHref: string;
  crumbs: (label: string) => Crumb[];
}) {
  if (!query.isError) return <ShipmentSkeleton crumbs={crumbs("Shipment")} />;
  return (
    <ShipmentLoadError
      error={query.error}
      crumbs={crumbs(shipmentId)}
      listHref={listHref}
      onRetry={() => query.refetch()}
    />
  );
}

/** The shipment page and Receive mode while the shipment loads: the page's shape, so nothing jumps. */
function ShipmentSkeleton({ crumbs }: { crumbs: Crumb[] }) {
  return (
    <div aria-busy="true">
      <LoadingPageHeader loading="Loading the shipment…" breadcrumbs={crumbs} />
      <ShipmentBodySkeleton />
    </div>
  );
}

/** The page's body while it loads: also what stands in while a loaded shipment's view fetches its chunk. */
export function ShipmentBodySkeleton() {
  return (
    <div aria-busy="true" className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <Skeleton className="h-96 w-full rounded-lg" />
      <Skeleton className="h-80 w-full rounded-lg" />
    </div>
  );
}

/** A shipment that could not be loaded: not in this store (a 404 says so, with the way back) or an error. */
function ShipmentLoadError({
  error,
  crumbs,
  listHref,
  onRetry,
}: {
  error: unknown;
  crumbs: Crumb[];
  listHref: string;
  onRetry: () => void;
}) {
  const missing = error instanceof ApiError && error.status === 404;
  return (
    <>
      <PageHeader title={missing ? "Shipment not found" : "Inbound shipment"} breadcrumbs={crumbs} />
      <Card bodyClassName="">
        {missing ? (
          <EmptyState
            icon={<Truck className="size-6" />}
            title="This shipment does not exist in this store"
            action={
              <Link href={listHref} className={buttonClasses("secondary")}>
                Back to inbound shipments
              </Link>
            }
          >
            It may belong to another store, or the link is mistyped.
          </EmptyState>
        ) : (
          <ErrorState
            title="This shipment could not be loaded"
            message={errorMessage(error)}
            onRetry={onRetry}
          />
        )}
      </Card>
    </>
  );
}
