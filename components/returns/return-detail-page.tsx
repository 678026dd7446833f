"use client";

import Link from "next/link";
import { useCurrentStore, useStoreTimeZone } from "@/components/app/staff-context";
import { type Crumb, PageHeader } from "@/components/shell/page-header";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { ApiError, errorMessage } from "@/lib/client/api-client";
import { formatDateTime, formatPersonName, formatRelative, humanize } from "@/lib/client/format";
import { useReturn } from "@/lib/client/hooks/returns";
import { IdentifiersForm } from "./identifiers-form";
import { ReturnActions } from "./return-actions";
import { FLAGGED_TAG, FlaggedBadge, ReturnStatusBadge, ReturnTypeBadge } from "./return-badges";
import { CustomerPanel, OrderPanel } from "./return-order-panels";
import {
  ExchangePanel,
  GiftCardsPanel,
  ReturnFactsPanel,
  ShipmentsPanel,
  TotalsPanel,
} from "./return-resolution-panels";
import { ReturnTimeline } from "./return-timeline";

/**
 * One return: its next lifecycle steps in the header; its items with the identifiers form and its
 * timeline (comments included) in the main column; order, customer, money, exchange, shipments, gift
 * cards and facts beside them from 1024 px, below them under it.
 */
export function ReturnDetailPage({ storeId, returnId }: { storeId: string; returnId: string }) {
  const timeZone = useStoreTimeZone();
  const detail = useReturn(returnId);
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

  const { return: ret, order } = detail.data;
  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title={`Return for order ${ret.order.name}`}
        breadcrumbs={[storeCrumb, { label: "Returns", href: listHref }, { label: ret.order.name }]}
        description={
          <>
            {formatPersonName(ret.source.name)} · Requested{" "}
            <time dateTime={ret.createdAt} title={formatDateTime(ret.createdAt, timeZone)}>
              {formatRelative(ret.createdAt)}
            </time>{" "}
            · Updated{" "}
            <time dateTime={ret.updatedAt} title={formatDateTime(ret.updatedAt, timeZone)}>
              {formatRelative(ret.updatedAt)}
            </time>
          </>
        }
        actions={<ReturnActions storeId={storeId} ret={ret} order={order} />}
        meta={
          <>
            {/* A live region: the status an action moves the return to is read out. */}
            <span role="status">
              <span className="sr-only">Status: </span>
              <ReturnStatusBadge status={ret.status} />
            </span>
            <ReturnTypeBadge type={ret.type} />
            {ret.compensationMethods.map((method) => (
              <Badge key={method}>{humanize(method)}</Badge>
            ))}
            {ret.tags.map((tag) =>
              tag.name === FLAGGED_TAG ? (
                <FlaggedBadge key={`${tag.source}:${tag.name}`} />
              ) : (
                <Badge key={`${tag.source}:${tag.name}`} tone="indigo">
                  {tag.name}
                </Badge>
              ),
            )}
          </>
        }
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,1fr)_20rem] xl:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="min-w-0 space-y-6">
          <IdentifiersForm storeId={storeId} ret={ret} order={order} />
          <ReturnTimeline storeId={storeId} ret={ret} order={order} />
        </div>
        {/* Two balanced columns of panels between 768 and 1024 px, one beside the main column above. */}
        <div className="min-w-0 md:columns-2 md:gap-6 lg:columns-1 [&>*]:mb-6 [&>*]:break-inside-avoid">
          <OrderPanel ret={ret} order={order} />
          <CustomerPanel ret={ret} order={order} />
          <TotalsPanel ret={ret} />
          {ret.exchange ? <ExchangePanel exchange={ret.exchange} /> : null}
          <ShipmentsPanel ret={ret} order={order} />
          {ret.giftCards.length > 0 ? <GiftCardsPanel ret={ret} /> : null}
          <ReturnFactsPanel ret={ret} />
        </div>
      </div>
    </div>
  );
}

function ReturnDetailSkeleton({ listHref, storeCrumb }: { listHref: string; storeCrumb: Crumb }) {
  return (
    <div className="mx-auto max-w-7xl" aria-busy="true">
      <PageHeader
        title={
          <>
            <span className="sr-only">Loading the return…</span>
            <Skeleton className="h-8 w-72" />
          </>
        }
        breadcrumbs={[storeCrumb, { label: "Returns", href: listHref }, { label: "Loading…" }]}
        description={<Skeleton className="h-4 w-96 max-w-full" />}
        meta={<Skeleton className="h-5 w-40 rounded-full" />}
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
