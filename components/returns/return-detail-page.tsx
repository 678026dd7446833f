"use client";

import Link from "next/link";
import { lazy, Suspense, useEffect } from "react";
import { useCurrentStore } from "@/components/app/staff-context";
import { type Crumb, LoadingPageHeader, PageHeader } from "@/components/shell/page-header";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { ApiError, errorMessage } from "@/lib/client/api-client";
import { useReturn } from "@/lib/client/hooks/returns";

const loadBody = () => import("./return-detail-body");
const ReturnDetailBody = lazy(() => loadBody().then((module) => ({ default: module.ReturnDetailBody })));

/**
 * One return: its next lifecycle steps in the header; its items with the identifiers form and its
 * timeline (comments included) in the main column; order, customer, money, exchange, shipments, gift
 * cards and facts beside them from 1024 px, below them under it. This file holds the loading and error
 * states; the loaded view (ReturnDetailBody) is its own chunk, fetched while the return is requested.
 */
export function ReturnDetailPage({ storeId, returnId }: { storeId: string; returnId: string }) {
  const detail = useReturn(returnId);
  // The loaded view's chunk is fetched now, beside the return's request, not once the data is in.
  useEffect(() => {
    void loadBody();
  }, []);
  const listHref = `/stores/${storeId}/returns`;
  const store = useCurrentStore();
  const storeCrumb = { label: store.name, href: `/stores/${storeId}` };

  if (detail.isPending) return <ReturnDetailSkeleton listHref={listHref} storeCrumb={storeCrumb} />;
  if (detail.isError) {
    const notFound = detail.error instanceof ApiError && detail.error.status === 404;
    return (
      <div className="mx-auto max-w-7xl">
        <PageHeader
          title={notFound ? "Return not found" : "Return"}
          breadcrumbs={[storeCrumb, { label: "Returns", href: listHref }, { label: returnId }]}
        />
        <Card>
          {notFound ? (
            <EmptyState
              title="There is no such return in this store"
              action={
                <Link href={listHref} className={buttonClasses()}>
                  Back to returns
                </Link>
              }
            >
              It may have been made in another store, or the link is mistyped.
            </EmptyState>
          ) : (
            <ErrorState message={errorMessage(detail.error)} onRetry={() => void detail.refetch()} />
          )}
        </Card>
      </div>
    );
  }

  return (
    <Suspense fallback={<ReturnDetailSkeleton listHref={listHref} storeCrumb={storeCrumb} />}>
      <ReturnDetailBody storeId={storeId} detail={detail.data} listHref={listHref} storeCrumb={storeCrumb} />
    </Suspense>
  );
}

function ReturnDetailSkeleton({ listHref, storeCrumb }: { listHref: string; storeCrumb: Crumb }) {
  return (
    <div className="mx-auto max-w-7xl" aria-busy="true">
      <LoadingPageHeader
        loading="Loading the return…"
        breadcrumbs={[storeCrumb, { label: "Returns", href: listHref }, { label: "Loading…" }]}
        description
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] xl:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="space-y-6">
          <Skeleton className="h-96 rounded-lg" />
          <Skeleton className="h-64 rounded-lg" />
        </div>
        <div className="space-y-6">
          <Skeleton className="h-80 rounded-lg" />
          <Skeleton className="h-56 rounded-lg" />
        </div>
      </div>
    </div>
  );
}
