"use client";

import { Plus, Truck, Upload } from "lucide-react";
import Link from "next/link";
import { lazy, Suspense, useMemo } from "react";
import { SetupStepLink } from "@/components/app/setup-step-link";
import { useCan, useCurrentStore } from "@/components/app/staff-context";
import { ExportCsvLink } from "@/components/data-table/export-csv-link";
import { InfiniteListView } from "@/components/data-table/infinite-list-view";
import { useUrlParams } from "@/components/data-table/use-url-params";
import { SavedViewsMenu } from "@/components/saved-views/saved-views-menu";
import { PageHeader } from "@/components/shell/page-header";
import { Button, buttonClasses } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { EmptyState } from "@/components/ui/states";
import { operationUrl } from "@/lib/client/call-api";
import { shipmentListQuery, useInboundShipments } from "@/lib/client/hooks/inbound-shipments";
import { useStoreLocations } from "@/lib/client/hooks/locations";
import { flattenPages } from "@/lib/client/paged-list";
import type { InboundShipment } from "@/lib/schemas/inbound-shipments";
import { SHIPMENT_ROW_HEIGHT, shipmentColumns } from "./shipment-columns";
import { ShipmentFiltersBar } from "./shipment-filters-bar";
import { hasShipmentFilters, readShipmentUrlFilters, toShipmentListFilters } from "./shipment-url-filters";

// Only needed once a row is opened, so it is a chunk of its own.
const ShipmentItems = lazy(() => import("./shipment-items").then((m) => ({ default: m.ShipmentItems })));

const renderItems = (shipment: InboundShipment) => (
  <Suspense
    fallback={
      <div className="space-y-3 px-4 py-4" aria-busy="true">
        <Skeleton className="h-5 w-2/3" />
        <div style={{ height: 40 + shipment.items.length * 53 }}>
          <Skeleton className="h-full w-full" />
        </div>
      </div>
    }
  >
    <ShipmentItems shipment={shipment} />
  </Suspense>
);
const shipmentRowId = (shipment: InboundShipment) => shipment.id;

/** Inbound shipments: filters in the URL, an infinite virtualized table, items on expansion. */
export function ShipmentsPage() {
  const store = useCurrentStore();
  const { params, push, replace } = useUrlParams();
  const filters = useMemo(() => readShipmentUrlFilters(params), [params]);
  const listFilters = useMemo(
    () => toShipmentListFilters(filters, store.timeZone),
    [filters, store.timeZone],
  );
  const query = useInboundShipments(store.id, listFilters);
  const locations = useStoreLocations(store.id);
  const shipments = useMemo(() => flattenPages(query.data?.pages), [query.data]);
  const filtered = hasShipmentFilters(filters);
  const clear = () =>
    push({ q: null, status: null, location: null, from: null, to: null, late: null, arriving: null });
  const canWrite = useCan("write");

  return (
    <>
      <PageHeader
        title="Inbound shipments"
        breadcrumbs={[{ label: store.name, href: `/stores/${store.id}` }, { label: "Inbound shipments" }]}
        description="Stock on its way to your locations, most recently updated first."
        actions={
          <>
            {canWrite ? (
              <Link href={`/stores/${store.id}/shipments/import`} className={buttonClasses("secondary")}>
                <Upload className="size-4" aria-hidden="true" />
                Import CSV
              </Link>
            ) : null}
            {canWrite ? (
              <Link href={`/stores/${store.id}/shipments/new`} className={buttonClasses("primary")}>
                <Plus className="size-4" aria-hidden="true" />
                New shipment
              </Link>
            ) : null}
            <ExportCsvLink
              href={operationUrl("exportInboundShipments", {
                params: { storeId: store.id },
                query: shipmentListQuery(listFilters),
              })}
              filtered={filtered}
              noun="shipments"
            />
          </>
        }
      />
      <div className="space-y-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <ShipmentFiltersBar filters={filters} locations={locations.data} push={push} replace={replace} />
          <SavedViewsMenu storeId={store.id} list="shipments" />
        </div>
        <InfiniteListView
          query={query}
          rows={shipments}
          noun="shipments"
          filtered={filtered}
          onClearFilters={clear}
          errorTitle="Shipments could not be loaded"
          empty={
            filtered ? (
              <EmptyState
                icon={<Truck className="size-6" />}
                title="No shipments match these filters"
                action={<Button onClick={clear}>Clear filters</Button>}
              >
                Search matches part of a tracking number, shipment id, reference or SKU. Try fewer characters,
                another status or destination, or wider dates.
              </EmptyState>
            ) : (
              <EmptyState
                icon={<Truck className="size-6" />}
                title="No inbound shipments yet"
                action={
                  <SetupStepLink storeId={store.id} step="inboundShipment">
                    Set up: first shipment
                  </SetupStepLink>
                }
              >
                A shipment lists the products on their way to one of your locations, so the products come
                first: the setup checklist takes you through both, or your logistics system can send shipments
                through the API.
              </EmptyState>
            )
          }
          table={{
            label: "Inbound shipments",
            columns: shipmentColumns,
            getRowId: shipmentRowId,
            estimateRowHeight: SHIPMENT_ROW_HEIGHT,
            pinnedColumns: ["expand", "shipment"],
            renderDetails: renderItems,
            resetKey: JSON.stringify(listFilters),
          }}
        />
      </div>
    </>
  );
}
