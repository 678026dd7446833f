"use client";

import { Boxes, Upload } from "lucide-react";
import Link from "next/link";
import { useMemo } from "react";
import { SetupStepLink } from "@/components/app/setup-step-link";
import { useCan, useCurrentStore } from "@/components/app/staff-context";
import { ExportCsvLink } from "@/components/data-table/export-csv-link";
import { InfiniteListView } from "@/components/data-table/infinite-list-view";
import { useUrlParams } from "@/components/data-table/use-url-params";
import { PageHeader } from "@/components/shell/page-header";
import { Button, buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/states";
import { operationUrl } from "@/lib/client/call-api";
import { inventoryListQuery, useInventoryItems } from "@/lib/client/hooks/inventory-items";
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
  const canWrite = useCan("write");
  const { params, push, replace } = useUrlParams();
  const filters = useMemo(() => readInventoryUrlFilters(params), [params]);
  const listFilters = useMemo(() => toInventoryListFilters(filters), [filters]);
  const query = useInventoryItems(store.id, listFilters);
  const locations = useStoreLocations(store.id);
  const items = useMemo(() => flattenPages(query.data?.pages), [query.data]);
  const columns = useMemo(() => inventoryColumns(store.id), [store.id]);
  const filtered = hasInventoryFilters(filters);
  const clear = () => push({ q: null, kind: null, location: null, sku: null });

  return (
    <>
      <PageHeader
        title="Inventory"
        breadcrumbs={[{ label: store.name, href: `/stores/${store.id}` }, { label: "Inventory" }]}
        description="What is in stock, where, most recently changed first."
        actions={
          <>
            {canWrite ? (
              <Link href={`/stores/${store.id}/inventory/import`} className={buttonClasses("secondary")}>
                <Upload className="size-4" aria-hidden="true" />
                Import counts
              </Link>
            ) : null}
            {canWrite ? (
              <Link
                href={`/stores/${store.id}/inventory/import-products`}
                className={buttonClasses("secondary")}
              >
                <Upload className="size-4" aria-hidden="true" />
                Import products
              </Link>
            ) : null}
            <ExportCsvLink
              href={operationUrl("exportInventoryItems", {
                params: { storeId: store.id },
                query: inventoryListQuery(listFilters),
              })}
              filtered={filtered}
              noun="inventory"
            />
          </>
        }
      />
      <div className="space-y-4">
        <InventoryFiltersBar filters={filters} locations={locations.data} push={push} replace={replace} />
        <InfiniteListView
          query={query}
          rows={items}
          noun="items"
          filtered={filtered}
          onClearFilters={clear}
          errorTitle="Inventory could not be loaded"
          empty={
            <EmptyState
              icon={<Boxes className="size-6" />}
              title={filtered ? "No items match" : "No inventory yet"}
              action={
                filtered ? (
                  <Button onClick={clear}>Clear filters</Button>
                ) : (
                  <SetupStepLink storeId={store.id} step="products">
                    Set up: import products
                  </SetupStepLink>
                )
              }
            >
              {filtered
                ? "Search matches part of an item's name or SKU. Try fewer letters, another kind or all locations."
                : "Each product variant is an item, counted at your locations: import your catalog first, then receive stock or import counts."}
            </EmptyState>
          }
          table={{
            label: "Inventory items",
            columns,
            getRowId: itemRowId,
            estimateRowHeight: INVENTORY_ROW_HEIGHT,
            pinnedColumns: ["name"],
            resetKey: JSON.stringify(listFilters),
          }}
        />
      </div>
    </>
  );
}
