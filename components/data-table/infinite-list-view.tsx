"use client";

import type { UseInfiniteQueryResult } from "@tanstack/react-query";
import { X } from "lucide-react";
import type { ReactNode } from "react";
import { Button } from "@/components/ui/button";
import { ErrorState } from "@/components/ui/states";
import { errorMessage } from "@/lib/client/api-client";
import { formatNumber } from "@/lib/client/format";
import { LazyVirtualTable } from "./lazy-virtual-table";
import { ListSummary } from "./list-summary";
import { PagingFooter } from "./paging-footer";
import type { PagingState } from "./table-parts";
import type { VirtualTableProps } from "./virtual-table";

type InfiniteQuery = Pick<
  UseInfiniteQueryResult<unknown, unknown>,
  | "isPending"
  | "isError"
  | "isSuccess"
  | "isFetchNextPageError"
  | "error"
  | "refetch"
  | "hasNextPage"
  | "isFetchingNextPage"
  | "fetchNextPage"
>;

/** What a list draws its rows with, when it is not the virtual table. */
export type ListRenderer<T> = (list: { rows: T[]; loading: boolean; paging: PagingState }) => ReactNode;

/**
 * The body of a filtered infinite list page (returns, shipments, inventory): the summary line with
 * "Clear filters", then the rows, or instead of them the error state with Retry or the page's empty
 * state. A failed *next* page keeps the rows and shows its error in the list's footer instead.
 * The rows are the virtual table (`table`), or what `renderList` draws (the returns' own table, whose
 * columns give way on a tablet and whose rows can be selected) above a PagingFooter.
 */
export function InfiniteListView<T>({
  query,
  rows,
  noun,
  filtered,
  onClearFilters,
  errorTitle,
  empty,
  ...view
}: {
  query: InfiniteQuery;
  rows: T[];
  /** Plural, e.g. "shipments". */
  noun: string;
  filtered: boolean;
  onClearFilters: () => void;
  errorTitle: string;
  /** What to show when the (filtered) list has no rows. */
  empty: ReactNode;
} & (
  | { table: Omit<VirtualTableProps<T>, "data" | "loading" | "paging">; renderList?: never }
  | { renderList: ListRenderer<T>; table?: never }
)) {
  const failed = query.isError && !query.isFetchNextPageError;
  const isEmpty = !failed && query.isSuccess && rows.length === 0;
  let body: ReactNode;
  if (failed) {
    body = (
      <div className="rounded-lg border border-slate-200 bg-white shadow-sm">
        <ErrorState title={errorTitle} message={errorMessage(query.error)} onRetry={() => query.refetch()} />
      </div>
    );
  } else if (isEmpty) {
    body = <div className="rounded-lg border border-slate-200 bg-white shadow-sm">{empty}</div>;
  } else {
    const paging: PagingState = {
      hasNextPage: query.hasNextPage,
      isFetchingNextPage: query.isFetchingNextPage,
      fetchNextPage: query.fetchNextPage,
      nextPageError: query.isFetchNextPageError ? errorMessage(query.error) : null,
      endLabel: `All ${formatNumber(rows.length)} ${noun} are shown.`,
    };
    body = view.renderList ? (
      <div className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm">
        {view.renderList({ rows, loading: query.isPending, paging })}
        {query.isPending ? null : <PagingFooter paging={paging} />}
      </div>
    ) : (
      <LazyVirtualTable {...view.table} data={rows} loading={query.isPending} paging={paging} />
    );
  }
  const summary = !failed && !isEmpty;
  const clear = filtered && !isEmpty;
  return (
    <>
      {summary || clear ? (
        <div className="flex min-h-8 flex-wrap items-center justify-between gap-3">
          {summary ? (
            <ListSummary
              loading={query.isPending}
              loaded={rows.length}
              more={query.hasNextPage}
              noun={filtered ? `matching ${noun}` : noun}
            />
          ) : (
            <span />
          )}
          {clear ? (
            <Button size="sm" variant="ghost" onClick={onClearFilters}>
              <X aria-hidden="true" className="size-3.5" />
              Clear filters
            </Button>
          ) : null}
        </div>
      ) : null}
      {body}
    </>
  );
}
