"use client";

import { Boxes, X } from "lucide-react";
import { type ReactNode, useMemo } from "react";
import { useCurrentStore } from "@/components/app/staff-context";
import { LazyVirtualTable } from "@/components/data-table/lazy-virtual-table";
import { ListSummary } from "@/components/data-table/list-summary";
import { useUrlParams } from "@/components/data-table/use-url-params";
import { PageHeader } from "@/components/shell/page-header";
import { Button } from "@/components/ui/button";
import { EmptyState, ErrorState } from "@/components/ui/states";
import { errorMessage } from "@/lib/client/api-client";
import { formatNumber } from "@/lib/client/format";
import { useInventoryItems } from "@/lib/client/hooks/inventory-items";
import { useStoreLocations } from "@/lib/client/hooks/locations";
import { flattenPages } from "@/lib/client/paged-list";
import type { InventoryItem } from "@/lib/schemas/inventory-items";
import { INVENTORY_ROW_HEIGHT, inventoryColumns } from "./inventory-columns";
import { InventoryFiltersBar } from "./inventory-filters-bar";
import {
  hasInventoryFilters,
  readInventoryUrlFilters,
  toInventoryListFilters,
} from "./inventory-url-filters";

const itemRowId = (item: InventoryItem) => item.id;

/** Inventory: search and filters in the URL, an infinite virtualized table, each item linking to its page. */
export function InventoryListPage() {
  const store = useCurrentStore();
  const { params, push, replace } = useUrlParams();
  const filters = useMemo(() => readInventoryUrlFilters(params), [params]);
  const listFilters = useMemo(() => toInventoryListFilters(filters), [filters]);
  const query = useInventoryItems(store.id, listFilters);
  const locations = useStoreLocations(store.id);
  const items = useMemo(() => flattenPages(query.data?.pages), [query.data]);
  const columns = useMemo(() => inventoryColumns(store.id), [store.id]);
  const filtered = hasInventoryFilters(filters);
  const clear = () => push({ q: null, kind: null, location: null, sku: null });

  let body: ReactNode;
  let summary = true;
  let empty = false;
  if (query.isError && !query.isFetchNextPageError) {
    summary = false;
    body = (
      <div className="rounded-lg border border-slate-200 bg-white shadow-sm">
        <ErrorState
          title="Inventory could not be loaded"
          message={errorMessage(query.error)}
          onRetry={() => query.refetch()}
        />
      </div>
    );
  } else if (query.isSuccess && items.length === 0) {
    summary = false;
    empty = true;
    body = (
      <div className="rounded-lg border border-slate-200 bg-white shadow-sm">
        <EmptyState
          icon={<Boxes className="size-6" />}
          title={filtered ? "No items match" : "No inventory yet"}
          action={filtered ? <Button onClick={clear}>Clear filters</Button> : undefined}
        >
          {filtered
            ? "Search matches part of an item's name or SKU. Try fewer letters, another kind or all locations."
            : "Items appear as products are added to the catalog and goods are received at your locations."}
        </EmptyState>
      </div>
    );
  } else {
    body = (
      <LazyVirtualTable
        label="Inventory items"
        data={items}
        columns={columns}
        getRowId={itemRowId}
        estimateRowHeight={INVENTORY_ROW_HEIGHT}
        pinnedColumns={["name"]}
        loading={query.isPending}
        resetKey={JSON.stringify(listFilters)}
        paging={{
          hasNextPage: query.hasNextPage,
          isFetchingNextPage: query.isFetchingNextPage,
          fetchNextPage: query.fetchNextPage,
          nextPageError: query.isFetchNextPageError ? errorMessage(query.error) : null,
          endLabel: `All ${formatNumber(items.length)} items are shown.`,
        }}
      />
    );
  }

  return (
    <>
      <PageHeader
        title="Inventory"
        breadcrumbs={[{ label: store.name, href: `/stores/${store.id}` }, { label: "Inventory" }]}
        description="What is in stock, where, most recently changed first."
      />
      <div className="space-y-4">
        <InventoryFiltersBar filters={filters} locations={locations.data} push={push} replace={replace} />
        {summary || (filtered && !empty) ? (
          <div className="flex min-h-8 flex-wrap items-center justify-between gap-3">
            {summary ? (
              <ListSummary
                loading={query.isPending}
                loaded={items.length}
                more={query.hasNextPage}
                noun={filtered ? "matching items" : "items"}
              />
            ) : (
              <span />
            )}
            {filtered && !empty ? (
              <Button size="sm" variant="ghost" onClick={clear}>
                <X aria-hidden="true" className="size-3.5" />
                Clear filters
              </Button>
            ) : null}
          </div>
        ) : null}
        {body}
      </div>
    </>
  );
}
