"use client";

import type { ColumnDef } from "@tanstack/react-table";
import { ClipboardCheck, Plus } from "lucide-react";
import Link from "next/link";
import { useMemo } from "react";
import { useCan, useCurrentStore } from "@/components/app/staff-context";
import { InfiniteListView } from "@/components/data-table/infinite-list-view";
import { useUrlParams } from "@/components/data-table/use-url-params";
import { PageHeader } from "@/components/shell/page-header";
import { Button, buttonClasses } from "@/components/ui/button";
import { SelectField } from "@/components/ui/field";
import { RelativeTime } from "@/components/ui/relative-time";
import { EmptyState } from "@/components/ui/states";
import { formatNumber } from "@/lib/client/format";
import { useCycleCounts } from "@/lib/client/hooks/cycle-counts";
import { flattenPages } from "@/lib/client/paged-list";
import { CYCLE_COUNT_STATUSES, type CycleCountStatus } from "@/lib/enums";
import type { CycleCount } from "@/lib/schemas/cycle-counts";
import { COUNT_STATUS_LABELS, CountStatusBadge, scopeWords, signed } from "./count-labels";
import { CountThresholdCard } from "./count-threshold-card";

function columns(storeId: string): ColumnDef<CycleCount>[] {
  return [
    {
      id: "name",
      header: "Count",
      size: 260,
      cell: ({ row: { original: count } }) => (
        <Link
          href={`/stores/${storeId}/counts/${count.id}`}
          className="block truncate font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          {count.name}
        </Link>
      ),
    },
    {
      id: "status",
      header: "Status",
      size: 120,
      cell: ({ row }) => <CountStatusBadge status={row.original.status} />,
    },
    {
      id: "location",
      header: "Location · scope",
      size: 240,
      meta: { priority: 2 },
      cell: ({ row: { original: count } }) => (
        <span className="block truncate text-slate-700">
          {count.location_name} · {scopeWords(count.scope)}
          {count.blind ? " · blind" : ""}
        </span>
      ),
    },
    {
      id: "lines",
      header: "Counted",
      size: 100,
      meta: { align: "right", priority: 1 },
      cell: ({ row: { original: count } }) =>
        `${formatNumber(count.summary.counted)} / ${formatNumber(count.summary.lines)}`,
    },
    {
      id: "variance",
      header: "Variance",
      size: 100,
      meta: { align: "right" },
      cell: ({ row: { original: count } }) =>
        count.summary.variance_units === null ? "—" : `${signed(count.summary.variance_units)} units`,
    },
    {
      id: "accuracy",
      header: "Accuracy",
      size: 100,
      meta: { align: "right", priority: 1 },
      cell: ({ row: { original: count } }) =>
        count.summary.accuracy === null ? "—" : `${count.summary.accuracy}%`,
    },
    {
      id: "created",
      header: "Created",
      size: 130,
      meta: { priority: 3 },
      cell: ({ row }) => <RelativeTime value={row.original.created_at} />,
    },
  ];
}

/** Cycle counts: newest first, filtered by status in the URL (docs/cycle-counts.md). */
export function CountsListPage() {
  const store = useCurrentStore();
  const canWrite = useCan("write");
  const { params, push } = useUrlParams();
  const statusParam = params.get("status");
  const status = CYCLE_COUNT_STATUSES.find((value) => value === statusParam);
  const filters = useMemo(() => (status ? { status } : {}), [status]);
  const query = useCycleCounts(store.id, filters);
  const rows = useMemo(() => flattenPages(query.data?.pages), [query.data]);
  const tableColumns = useMemo(() => columns(store.id), [store.id]);
  const newCount = canWrite ? (
    <Link href={`/stores/${store.id}/counts/new`} className={buttonClasses("primary")}>
      <Plus className="size-4" aria-hidden="true" />
      New count
    </Link>
  ) : null;
  return (
    <>
      <PageHeader
        title="Cycle counts"
        breadcrumbs={[{ label: store.name, href: `/stores/${store.id}` }, { label: "Counts" }]}
        description="Count bins, zones or SKUs without stopping work: each variance is applied against its own snapshot."
        actions={newCount}
      />
      <div className="space-y-4">
        <div className="flex flex-wrap items-end gap-3">
          <SelectField
            id="count-status"
            label="Status"
            className="w-48"
            value={status ?? ""}
            onChange={(event) => push({ status: event.target.value || null })}
          >
            <option value="">All</option>
            {CYCLE_COUNT_STATUSES.map((value: CycleCountStatus) => (
              <option key={value} value={value}>
                {COUNT_STATUS_LABELS[value]}
              </option>
            ))}
          </SelectField>
        </div>
        <InfiniteListView
          query={query}
          rows={rows}
          noun="counts"
          filtered={status !== undefined}
          onClearFilters={() => push({ status: null })}
          errorTitle="Counts could not be loaded"
          empty={
            <EmptyState
              icon={<ClipboardCheck className="size-6" />}
              title={status ? "No counts in this status" : "No counts yet"}
              action={status ? <Button onClick={() => push({ status: null })}>Show all</Button> : newCount}
            >
              A count picks bins, a zone, SKUs or items not counted lately; counters scan each bin, then its
              items.
            </EmptyState>
          }
          table={{
            label: "Cycle counts",
            columns: tableColumns,
            getRowId: (count) => count.id,
            estimateRowHeight: 45,
            pinnedColumns: ["name"],
            resetKey: JSON.stringify(filters),
          }}
        />
        <CountThresholdCard storeId={store.id} />
      </div>
    </>
  );
}
