"use client";

import { Plus, SearchX } from "lucide-react";
import Link from "next/link";
import { useEffect, useMemo, useState } from "react";
import { SetupStepLink } from "@/components/app/setup-step-link";
import { useCan, useCurrentStore } from "@/components/app/staff-context";
import { ExportCsvLink } from "@/components/data-table/export-csv-link";
import { InfiniteListView } from "@/components/data-table/infinite-list-view";
import { useUrlParams } from "@/components/data-table/use-url-params";
import { SavedViewsMenu } from "@/components/saved-views/saved-views-menu";
import { PageHeader } from "@/components/shell/page-header";
import { Button, buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/states";
import { operationUrl } from "@/lib/client/call-api";
import { useReturnCounts } from "@/lib/client/hooks/return-list";
import { useReturnsList } from "@/lib/client/hooks/returns";
import type { Order } from "@/lib/schemas/orders";
import { returnStatusLabel } from "./return-badges";
import { ReturnStatusTabs } from "./return-status-tabs";
import { hasReturnFilters, readReturnUrlFilters, toReturnListFilters } from "./return-url-filters";
import { ReturnsBulkBar } from "./returns-bulk-bar";
import { ReturnsFilters } from "./returns-filters";
import { type ReturnRow, ReturnsTable, ReturnsTableSkeleton } from "./returns-table";
import { useRowSelection } from "./use-row-selection";

/** The returns list: filters in the URL, rows a page at a time, more loaded as the end scrolls into view. */
export function ReturnsPage({ storeId }: { storeId: string }) {
  const store = useCurrentStore();
  const canWrite = useCan("write");
  const canBulk = useCan("admin");
  const { params, push, replace } = useUrlParams();
  const urlFilters = useMemo(() => readReturnUrlFilters(params), [params]);
  const filters = useMemo(() => toReturnListFilters(urlFilters), [urlFilters]);
  const { q = "", status } = urlFilters;
  const filtered = hasReturnFilters(urlFilters);
  const clear = () => push({ q: null, status: null });
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

  return (
    <div className="mx-auto max-w-7xl">
      <PageHeader
        title="Returns"
        breadcrumbs={[{ label: store.name, href: `/stores/${store.id}` }, { label: "Returns" }]}
        description={`Returns, claims and warranty requests of ${store.name}, most recently updated first.`}
        actions={
          <>
            <ExportCsvLink
              href={operationUrl("exportReturns", {
                params: { storeId: store.id },
                query: { status: urlFilters.status, q: urlFilters.q },
              })}
              filtered={filtered}
              noun="returns"
            />
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
        <ReturnsFilters filters={urlFilters} push={push} replace={replace} />
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
      <section aria-label="Returns" className="space-y-3">
        <InfiniteListView
          query={list}
          rows={rows}
          noun="returns"
          filtered={filtered}
          onClearFilters={clear}
          errorTitle="Returns could not be loaded"
          empty={<NoReturns storeId={storeId} q={q} status={status} onClear={clear} />}
          renderList={({ loading }) =>
            loading ? (
              <ReturnsTableSkeleton />
            ) : (
              <ReturnsTable
                rows={rows}
                storeId={storeId}
                busy={list.isPlaceholderData}
                selection={canBulk ? selection.table : undefined}
              />
            )
          }
        />
      </section>
    </div>
  );
}

function NoReturns({
  storeId,
  q,
  status,
  onClear,
}: {
  storeId: string;
  q: string;
  status: string | undefined;
  onClear: () => void;
}) {
  if (!q && !status) {
    return (
      <EmptyState
        title="No returns yet"
        action={
          <SetupStepLink storeId={storeId} step="returnAddress">
            Set up: return address
          </SetupStepLink>
        }
      >
        Returns appear here as customers request them in the returns portal or an integration creates them
        through the API. Each is sent to a location&apos;s return address, so set one first.
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
