import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";

export const headerCellClasses =
  "sticky top-0 z-[2] border-b border-slate-200 bg-slate-50 px-3 py-2.5 text-xs font-medium uppercase tracking-wide text-slate-600";

export const bodyCellClasses = "border-b border-slate-100 px-3 py-2.5 align-middle";

/** Rows of grey bars in the table's own layout, so nothing moves when the first page arrives. */
export function SkeletonRows({ rows, columns, height }: { rows: number; columns: number; height: number }) {
  return (
    <tbody aria-hidden="true">
      {Array.from({ length: rows }, (_, row) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing but their position.
        <tr key={row} style={{ height }}>
          {Array.from({ length: columns }, (_, column) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: as above.
            <td key={column} className={bodyCellClasses}>
              <Skeleton className={`h-4 ${column === 0 ? "w-5" : column % 3 === 0 ? "w-2/3" : "w-4/5"}`} />
            </td>
          ))}
        </tr>
      ))}
    </tbody>
  );
}

export type PagingState = {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  /** The error of the last next-page request, if it failed. */
  nextPageError: string | null;
  /** What the footer says once everything is loaded, e.g. "All 1,200 shipments are shown". */
  endLabel: string;
};

/**
 * Where the paging of an infinite list stands: a retry after a failed page, loading, "Load more" (scrolling
 * near the end loads more by itself; the button does it from the keyboard), or the end of the list.
 */
export function PagingStatus({ paging }: { paging: PagingState }) {
  if (paging.nextPageError) {
    return (
      <span className="flex items-center gap-3 text-red-700">
        More rows could not be loaded: {paging.nextPageError}
        <Button size="sm" onClick={() => paging.fetchNextPage()}>
          Retry
        </Button>
      </span>
    );
  }
  if (paging.isFetchingNextPage) {
    return (
      <span className="flex items-center gap-2">
        <span
          aria-hidden="true"
          className="size-3.5 animate-spin rounded-full border-2 border-slate-400 border-r-transparent"
        />
        Loading more…
      </span>
    );
  }
  if (paging.hasNextPage) {
    return (
      <Button size="sm" onClick={() => paging.fetchNextPage()}>
        Load more
      </Button>
    );
  }
  return <>{paging.endLabel}</>;
}

/** The last row of a virtual table: its paging status. */
export function FooterRow({ paging, columns }: { paging: PagingState; columns: number }) {
  return (
    <tfoot>
      <tr>
        <td colSpan={columns} className="h-12 px-3 text-sm text-slate-600">
          <div className="sticky left-3 inline-flex">
            <PagingStatus paging={paging} />
          </div>
        </td>
      </tr>
    </tfoot>
  );
}
