"use client";

import { Download, Plus, SearchX } from "lucide-react";
import Link from "next/link";
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useCan, useCurrentStore } from "@/components/app/staff-context";
import { SavedViewsMenu } from "@/components/saved-views/saved-views-menu";
import { PageHeader } from "@/components/shell/page-header";
import { Button, buttonClasses } from "@/components/ui/button";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { errorMessage } from "@/lib/client/api-client";
import { operationUrl } from "@/lib/client/call-api";
import { formatNumber } from "@/lib/client/format";
import { useReturnCounts } from "@/lib/client/hooks/return-list";
import { useReturnsList } from "@/lib/client/hooks/returns";
import type { ReturnStatus } from "@/lib/enums";
import type { Order } from "@/lib/schemas/orders";
import { returnStatusLabel } from "./return-badges";
import { ReturnStatusTabs } from "./return-status-tabs";
import { ReturnsBulkBar } from "./returns-bulk-bar";
import { ReturnsFilters } from "./returns-filters";
import { type ReturnRow, ReturnsTable, ReturnsTableSkeleton } from "./returns-table";
import { useReturnListParams } from "./use-return-list-params";
import { useRowSelection } from "./use-row-selection";

/** The returns list: filters in the URL, rows a page at a time, more loaded as the end scrolls into view. */
export function ReturnsPage({ storeId }: { storeId: string }) {
  const store = useCurrentStore();
  const canWrite = useCan("write");
  const canBulk = useCan("admin");
  const { filters, q, status, order, setQuery, setStatus, setOrder, clear } = useReturnListParams();
  const list = useReturnsList(storeId, filters);
  const counts = useReturnCounts(storeId, q ? { q } : {});

  const rows = useMemo<ReturnRow[]>(() => {
    const pages = list.data?.pages ?? [];
    const orders = new Map<string, Order>();
    for (const page of pages) for (const order of page.orders) orders.set(order.id, order);
    return pages.flatMap((page) => page.returns.map((ret) => ({ ret, order: orders.get(ret.order.id) })));
  }, [list.data]);

  const matchingCount = counts.data ? (status ? counts.data.counts[status] : counts.data.total) : undefined;
  const selection = useRowSelection(rows, filters);
  const [allMatching, setAllMatching] = useState(false);
  // A new filter is a new list: whatever was selected in the old one no longer applies.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on a filter change only.
  useEffect(() => setAllMatching(false), [filters]);
  const orderNames = useMemo(() => new Map(rows.map((row) => [row.ret.id, row.ret.order.name])), [rows]);

  const { fetchNextPage } = list;
  const loadMore = useCallback(() => void fetchNextPage(), [fetchNextPage]);

  let body: ReactNode;
  if (list.isPending) {
    body = <ReturnsTableSkeleton />;
  } else if (list.isError && rows.length === 0) {
    body = (
      <ErrorState
        title="Returns could not be loaded"
        message={errorMessage(list.error)}
        onRetry={() => void list.refetch()}
      />
    );
  } else if (rows.length === 0) {
    body = <NoReturns q={q} status={status} onClear={clear} />;
  } else {
    body = (
      <>
        <ReturnsTable
          rows={rows}
          storeId={storeId}
          busy={list.isPlaceholderData}
          selection={canBulk ? selection.table : undefined}
        />
        <ListFooter
          count={rows.length}
          hasNextPage={list.hasNextPage}
          isFetchingNextPage={list.isFetchingNextPage}
          nextPageError={list.isFetchNextPageError ? errorMessage(list.error) : null}
          onLoadMore={loadMore}
        />
      </>
    );
  }

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Returns"
        breadcrumbs={[{ label: store.name, href: `/stores/${store.id}` }, { label: "Returns" }]}
        description={`Returns, claims and warranty requests of ${store.name}, most recently updated first.`}
        actions={
          <>
            <a
              href={operationUrl("exportReturns", {
                params: { storeId: store.id },
                query: { status: filters.status as ReturnStatus | undefined, q: filters.q },
              })}
              download
              className={buttonClasses("secondary")}
            >
              <Download className="size-4" aria-hidden="true" />
              Export CSV
              <span className="sr-only">{status || q ? " of the filtered returns" : " of all returns"}</span>
            </a>
            {canWrite ? (
              <Link href={`/stores/${store.id}/returns/new`} className={buttonClasses("primary")}>
                <Plus className="size-4" aria-hidden="true" />
                New return
              </Link>
            ) : null}
          </>
        }
      />
      <div className="mb-4 flex flex-wrap items-end justify-between gap-3">
        <ReturnsFilters
          q={q}
          status={status}
          order={order}
          onQueryChange={setQuery}
          onStatusChange={setStatus}
          onOrderChange={setOrder}
          onClear={clear}
        />
        <SavedViewsMenu storeId={storeId} list="returns" />
      </div>
      <div className="mb-3">
        <ReturnStatusTabs status={status} counts={counts.data} />
      </div>
      {canBulk && selection.table.selected.size > 0 ? (
        <ReturnsBulkBar
          storeId={storeId}
          target={
            allMatching && matchingCount !== undefined
              ? { kind: "matching", count: matchingCount, filter: { status, q: q || undefined } }
              : { kind: "ids", ids: [...selection.table.selected] }
          }
          canSelectMatching={
            !allMatching &&
            selection.table.selected.size === rows.length &&
            (matchingCount ?? 0) > rows.length
          }
          matchingCount={matchingCount}
          nameOf={(id) => (orderNames.has(id) ? `Order ${orderNames.get(id)}` : id)}
          onSelectMatching={() => setAllMatching(true)}
          onClear={() => {
            setAllMatching(false);
            selection.clear();
          }}
          onDone={(refused) => {
            setAllMatching(false);
            selection.replace(refused);
          }}
        />
      ) : null}
      <section
        aria-label="Returns"
        className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm"
      >
        {body}
      </section>
    </div>
  );
}

function NoReturns({ q, status, onClear }: { q: string; status: string | undefined; onClear: () => void }) {
  if (!q && !status) {
    return (
      <EmptyState title="No returns yet">
        Returns appear here as soon as customers request them in the returns portal or an integration creates
        them through the API.
      </EmptyState>
    );
  }
  const criteria = [q ? `“${q}”` : null, status ? `status ${returnStatusLabel(status)}` : null].filter(
    Boolean,
  );
  return (
    <EmptyState
      title={`No returns match ${criteria.join(" with ")}`}
      icon={<SearchX className="size-6" />}
      action={<Button onClick={onClear}>Clear filters</Button>}
    >
      Search looks at the order name and the customer&apos;s name and email. Try fewer words or another
      status.
    </EmptyState>
  );
}

/** "Load more" for keyboards, and the same request made on its own when the end scrolls into view. */
function ListFooter({
  count,
  hasNextPage,
  isFetchingNextPage,
  nextPageError,
  onLoadMore,
}: {
  count: number;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  nextPageError: string | null;
  onLoadMore: () => void;
}) {
  const sentinel = useRef<HTMLDivElement>(null);
  const autoLoad = hasNextPage && !isFetchingNextPage && !nextPageError;

  useEffect(() => {
    const element = sentinel.current;
    if (!element || !autoLoad) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) onLoadMore();
      },
      { rootMargin: "400px 0px" },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [autoLoad, onLoadMore]);

  return (
    <div
      ref={sentinel}
      className="flex min-h-14 flex-wrap items-center justify-between gap-3 border-t border-slate-200 px-4 py-3 text-sm text-slate-600"
    >
      <p aria-live="polite">
        {hasNextPage
          ? `Showing ${formatNumber(count)} returns`
          : `All ${formatNumber(count)} ${count === 1 ? "return" : "returns"} shown`}
      </p>
      {nextPageError ? (
        <p role="alert" className="flex items-center gap-3 text-red-700">
          More returns could not be loaded: {nextPageError}
          <Button size="sm" onClick={onLoadMore}>
            Try again
          </Button>
        </p>
      ) : hasNextPage ? (
        <Button size="sm" onClick={onLoadMore} pending={isFetchingNextPage}>
          {isFetchingNextPage ? "Loading…" : "Load more"}
        </Button>
      ) : null}
    </div>
  );
}
