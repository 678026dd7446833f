"use client";

import { ArrowLeftRight, Plus } from "lucide-react";
import Link from "next/link";
import { useId, useMemo } from "react";
import { useCan, useCurrentStore } from "@/components/app/staff-context";
import { ExportCsvLink } from "@/components/data-table/export-csv-link";
import { FilterSelect, locationOptions } from "@/components/data-table/filter-select";
import { InfiniteListView } from "@/components/data-table/infinite-list-view";
import { useUrlParams } from "@/components/data-table/use-url-params";
import { PageHeader } from "@/components/shell/page-header";
import { Button, buttonClasses } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/states";
import { operationUrl } from "@/lib/client/call-api";
import { humanize } from "@/lib/client/format";
import { useStoreLocations } from "@/lib/client/hooks/locations";
import { transferListQuery, useTransfers } from "@/lib/client/hooks/transfers";
import { flattenPages } from "@/lib/client/paged-list";
import type { TransferListFilters } from "@/lib/client/query-keys";
import { TRANSFER_STATUSES } from "@/lib/enums";
import type { TransferSummary } from "@/lib/schemas/transfers";
import { TRANSFER_ROW_HEIGHT, transferColumns } from "./transfer-columns";

const STATUS_OPTIONS = TRANSFER_STATUSES.map((status) => ({ value: status, label: humanize(status) }));
const LOCATION_ID = /^loc_[0-9A-Za-z]{1,64}$/;
const transferRowId = (transfer: TransferSummary) => transfer.id;

/** The list's filters from the URL (`?status=IN_TRANSIT&from=loc_…&to=loc_…`); values the API would refuse are dropped. */
export function readTransferUrlFilters(params: Pick<URLSearchParams, "get">): TransferListFilters {
  const filters: TransferListFilters = {};
  const status = params.get("status");
  if (status && (TRANSFER_STATUSES as readonly string[]).includes(status)) filters.status = status;
  const origin = params.get("from");
  if (origin && LOCATION_ID.test(origin)) filters.originId = origin;
  const destination = params.get("to");
  if (destination && LOCATION_ID.test(destination)) filters.destinationId = destination;
  return filters;
}

/** Transfers between the store's locations: filters in the URL, the shared infinite table, CSV export. */
export function TransfersPage() {
  const store = useCurrentStore();
  const id = useId();
  const { params, push } = useUrlParams();
  const filters = useMemo(() => readTransferUrlFilters(params), [params]);
  const query = useTransfers(store.id, filters);
  const locations = useStoreLocations(store.id);
  const transfers = useMemo(() => flattenPages(query.data?.pages), [query.data]);
  const filtered = Object.keys(filters).length > 0;
  const clear = () => push({ status: null, from: null, to: null });
  const canWrite = useCan("write");
  const newHref = `/stores/${store.id}/transfers/new`;

  return (
    <>
      <PageHeader
        title="Transfers"
        breadcrumbs={[{ label: store.name, href: `/stores/${store.id}` }, { label: "Transfers" }]}
        description="Stock moving between your locations, most recently updated first."
        actions={
          <>
            {canWrite ? (
              <Link href={newHref} className={buttonClasses("primary")}>
                <Plus className="size-4" aria-hidden="true" />
                New transfer
              </Link>
            ) : null}
            <ExportCsvLink
              href={operationUrl("exportTransfers", {
                params: { storeId: store.id },
                query: transferListQuery(filters),
              })}
              filtered={filtered}
              noun="transfers"
            />
          </>
        }
      />
      <div className="space-y-4">
        <search
          aria-label="Filter transfers"
          className="grid grid-cols-2 items-start gap-3 rounded-lg border border-slate-200 bg-white p-4 shadow-sm lg:grid-cols-4"
        >
          <FilterSelect
            id={`${id}-status`}
            label="Status"
            allLabel="All statuses"
            value={filters.status}
            options={STATUS_OPTIONS}
            onChange={(status) => push({ status })}
          />
          <FilterSelect
            id={`${id}-origin`}
            label="From"
            allLabel="All locations"
            value={filters.originId}
            options={locationOptions(locations.data)}
            onChange={(from) => push({ from })}
          />
          <FilterSelect
            id={`${id}-destination`}
            label="To"
            allLabel="All locations"
            value={filters.destinationId}
            options={locationOptions(locations.data)}
            onChange={(to) => push({ to })}
          />
        </search>
        <InfiniteListView
          query={query}
          rows={transfers}
          noun="transfers"
          filtered={filtered}
          onClearFilters={clear}
          errorTitle="Transfers could not be loaded"
          empty={
            filtered ? (
              <EmptyState
                icon={<ArrowLeftRight className="size-6" />}
                title="No transfers match these filters"
                action={<Button onClick={clear}>Clear filters</Button>}
              >
                Try another status or location.
              </EmptyState>
            ) : (
              <EmptyState
                icon={<ArrowLeftRight className="size-6" />}
                title="No transfers yet"
                action={
                  canWrite ? (
                    <Link href={newHref} className={buttonClasses("primary")}>
                      <Plus className="size-4" aria-hidden="true" />
                      New transfer
                    </Link>
                  ) : undefined
                }
              >
                A transfer moves units from one of your locations to another: they leave the origin when it
                ships and are received at the destination like an inbound shipment.
              </EmptyState>
            )
          }
          table={{
            label: "Transfers",
            columns: transferColumns,
            getRowId: transferRowId,
            estimateRowHeight: TRANSFER_ROW_HEIGHT,
            pinnedColumns: ["transfer"],
            resetKey: JSON.stringify(filters),
          }}
        />
      </div>
    </>
  );
}
