"use client";

import { Bell } from "lucide-react";
import { useId, useMemo } from "react";
import { useCurrentStore } from "@/components/app/staff-context";
import { DateRangeFields } from "@/components/data-table/date-range-fields";
import { ExportCsvLink } from "@/components/data-table/export-csv-link";
import { FilterForm } from "@/components/data-table/filter-form";
import { FilterSelect } from "@/components/data-table/filter-select";
import { InfiniteListView } from "@/components/data-table/infinite-list-view";
import { SearchField, useSearchDraft } from "@/components/data-table/search-field";
import { useUrlParams } from "@/components/data-table/use-url-params";
import { Button } from "@/components/ui/button";
import { EmptyState } from "@/components/ui/states";
import { operationUrl } from "@/lib/client/call-api";
import { notificationListQuery, useNotifications } from "@/lib/client/hooks/notifications";
import { flattenPages } from "@/lib/client/paged-list";
import { NOTIFICATION_CHANNELS, NOTIFICATION_KINDS, NOTIFICATION_STATUSES } from "@/lib/enums";
import type { NotificationView } from "@/lib/schemas/notifications";
import {
  CHANNEL_WORDS,
  KIND_WORDS,
  NOTIFICATION_ROW_HEIGHT,
  notificationColumns,
  STATUS_WORDS,
} from "./notification-columns";
import { readNotificationUrlFilters, toNotificationListFilters } from "./notification-url-filters";

const KIND_OPTIONS = NOTIFICATION_KINDS.map((kind) => ({ value: kind, label: KIND_WORDS[kind] }));
const CHANNEL_OPTIONS = NOTIFICATION_CHANNELS.map((channel) => ({
  value: channel,
  label: CHANNEL_WORDS[channel],
}));
const STATUS_OPTIONS = NOTIFICATION_STATUSES.map((status) => ({
  value: status,
  label: STATUS_WORDS[status],
}));
const notificationRowId = (notification: NotificationView) => notification.id;

/**
 * What the store's notices were and to whom, on the shared list machinery: filters in the URL (kind,
 * channel, status, recipient, created days), the infinite virtual table, columns that give way on a tablet,
 * and a CSV of what the filters select.
 */
export function NotificationHistory() {
  const store = useCurrentStore();
  const id = useId();
  const headingId = `${id}-heading`;
  const { params, push, replace } = useUrlParams();
  const filters = useMemo(() => readNotificationUrlFilters(params), [params]);
  const listFilters = useMemo(
    () => toNotificationListFilters(filters, store.timeZone),
    [filters, store.timeZone],
  );
  const query = useNotifications(store.id, listFilters);
  const rows = useMemo(() => flattenPages(query.data?.pages), [query.data]);
  const search = useSearchDraft(filters.q ?? "", replace);
  const filtered = Object.keys(filters).length > 0;
  const clear = () => push({ q: null, kind: null, channel: null, status: null, from: null, to: null });

  return (
    <section aria-labelledby={headingId} className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id={headingId} className="text-base font-semibold text-slate-900">
          Sent notifications
        </h2>
        <ExportCsvLink
          href={operationUrl("exportNotifications", {
            params: { storeId: store.id },
            query: notificationListQuery(listFilters),
          })}
          filtered={filtered}
          noun="notifications"
        />
      </div>
      <FilterForm label="Filter notifications" search={search}>
        <SearchField
          id={`${id}-q`}
          search={search}
          placeholder="E-mail address or chat host"
          className="mb-3 max-w-md"
        />
        <div className="grid grid-cols-2 items-start gap-3 sm:grid-cols-3 xl:grid-cols-5">
          <FilterSelect
            id={`${id}-kind`}
            label="Kind"
            allLabel="All kinds"
            value={filters.kind}
            options={KIND_OPTIONS}
            onChange={(kind) => push({ kind })}
          />
          <FilterSelect
            id={`${id}-channel`}
            label="Channel"
            allLabel="E-mail and chat"
            value={filters.channel}
            options={CHANNEL_OPTIONS}
            onChange={(channel) => push({ channel })}
          />
          <FilterSelect
            id={`${id}-status`}
            label="Status"
            allLabel="All statuses"
            value={filters.status}
            options={STATUS_OPTIONS}
            onChange={(status) => push({ status })}
          />
          <DateRangeFields id={id} from={filters.from} to={filters.to} push={push} replace={replace} />
        </div>
      </FilterForm>
      <InfiniteListView
        query={query}
        rows={rows}
        noun="notifications"
        filtered={filtered}
        onClearFilters={clear}
        errorTitle="The history could not be loaded"
        empty={
          filtered ? (
            <EmptyState
              icon={<Bell className="size-6" />}
              title="No notifications match these filters"
              action={<Button onClick={clear}>Clear filters</Button>}
            >
              Search matches part of an e-mail address or a chat URL's host. Try another kind, channel or
              status, or wider dates.
            </EmptyState>
          ) : (
            <EmptyState icon={<Bell className="size-6" />} title="Nothing sent yet">
              Invitations, password links and webhook warnings are listed here once queued, with whether they
              went out.
            </EmptyState>
          )
        }
        table={{
          label: "Sent notifications",
          columns: notificationColumns,
          getRowId: notificationRowId,
          estimateRowHeight: NOTIFICATION_ROW_HEIGHT,
          pinnedColumns: ["message"],
          resetKey: JSON.stringify(listFilters),
        }}
      />
    </section>
  );
}
