"use client";

import { Truck } from "lucide-react";
import Link from "next/link";
import { type Crumb, LoadingPageHeader, PageHeader } from "@/components/shell/page-header";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { ApiError, errorMessage } from "@/lib/client/api-client";

/**
 * The shipment page and Receive mode until the shipment has loaded: the skeleton, or why it could not be
 * loaded. `crumbs` makes the breadcrumbs for a label (the shipment's id once it has failed).
 */
export function ShipmentNotLoaded({
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
