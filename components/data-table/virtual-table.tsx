"use client";

import "./column-meta";
import { type ColumnDef, type ExpandedState, getCoreRowModel, useReactTable } from "@tanstack/react-table";
import { useWindowVirtualizer } from "@tanstack/react-virtual";
import {
  type ReactNode,
  type RefObject,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from "react";
import { columnsToHide } from "./column-priority";
import { CollapsedHeader, StickyHeader } from "./table-header";
import { FooterRow, type PagingState, SkeletonRows } from "./table-parts";
import { VirtualRow } from "./virtual-row";

export type { PagingState } from "./table-parts";

export type VirtualTableProps<T> = {
  /** The table's accessible name (also its region's). */
  label: string;
  data: T[];
  /**
   * TanStack Table v8 column definitions; `size` is the column's width in px, `meta.priority` lets a column
   * give way when the table is narrower than its columns (column-priority.ts).
   */
  columns: ColumnDef<T>[];
  getRowId: (row: T) => string;
  /** Height of a collapsed row in px (the skeleton rows and unmeasured rows use it). */
  estimateRowHeight: number;
  /** Columns kept in view while the table scrolls sideways (ids, left to right). */
  pinnedColumns?: string[];
  /** When given, rows can expand (`row.getToggleExpandedHandler()`) to show this under them. */
  renderDetails?: (row: T) => ReactNode;
  /** The first page is loading: skeleton rows in place of data. */
  loading?: boolean;
  paging: PagingState;
  /** A different list (new filters): scroll back to the top and close every row. */
  resetKey?: string;
};

const OVERSCAN = 6;
/** The top bar's height from 640 px up, where it sticks (components/shell/app-shell.tsx). */
const TOP_BAR_PX = 56;

/**
 * A table over an infinite list: TanStack Table for the columns, TanStack Virtual for the rows, so only the
 * rows in view (plus a few) exist in the DOM however many are loaded. The page itself scrolls (the window
 * is the virtualizer's scroll element), with the header sticking under the top bar (StickyHeader); a table
 * wider than the page scrolls sideways in its own box, with pinned first columns. Columns with a priority
 * give way, least important first, when the table is narrower than its columns. It asks for the next page
 * a screen before the end.
 *
 * Each row is its own <tbody> holding the data row and, when expanded, a details row: the virtualizer
 * measures that one element, so an expanded row simply becomes taller. Spacer rows above and below stand
 * in for the rows that are not rendered, which keeps real table layout and semantics.
 */
export function VirtualTable<T>({
  label,
  data,
  columns,
  getRowId,
  estimateRowHeight,
  pinnedColumns = [],
  renderDetails,
  loading = false,
  paging,
  resetKey,
}: VirtualTableProps<T>) {
  const idPrefix = useId();
  const frameRef = useRef<HTMLDivElement>(null);
  const scrollRef = useRef<HTMLElement>(null);
  const headerRef = useRef<HTMLDivElement>(null);
  const [expanded, setExpanded] = useState<ExpandedState>({});
  const { top: listTop, width } = useDocumentBox(scrollRef);
  const shownKey = useRef(resetKey);
  useEffect(() => {
    if (shownKey.current === resetKey) return;
    shownKey.current = resetKey;
    // Back to the list's first row, if the page was scrolled past it.
    const frameTop = (frameRef.current?.getBoundingClientRect().top ?? 0) + window.scrollY;
    const firstRowInView = Math.max(0, frameTop - TOP_BAR_PX - 16);
    if (window.scrollY > firstRowInView) window.scrollTo({ top: firstRowInView });
    setExpanded({});
  }, [resetKey]);

  const columnVisibility = useMemo(
    () =>
      columnsToHide(
        columns.map((column, index) => ({
          id: column.id ?? String(index),
          size: column.size ?? 150,
          priority: column.meta?.priority,
        })),
        width,
      ),
    [columns, width],
  );
  const table = useReactTable({
    data,
    columns,
    getRowId: (row) => getRowId(row),
    getCoreRowModel: getCoreRowModel(),
    getRowCanExpand: () => renderDetails !== undefined,
    state: { expanded, columnVisibility, columnPinning: { left: pinnedColumns } },
    onExpandedChange: setExpanded,
    meta: { detailsId: (rowId) => detailsId(idPrefix, rowId) },
  });
  const rows = table.getRowModel().rows;
  const columnCount = table.getVisibleLeafColumns().length;
  const minWidth = table.getTotalSize();

  // Stable while the rows are: the virtualizer recomputes every row's position (10,000 at a time) whenever
  // getItemKey changes, and a new function each render made every scroll step do that (docs/performance.md).
  const getItemKey = useCallback((index: number) => rows[index]?.id ?? index, [rows]);
  const virtualizer = useWindowVirtualizer({
    count: rows.length,
    estimateSize: () => estimateRowHeight,
    getItemKey,
    overscan: OVERSCAN,
    scrollMargin: listTop,
  });
  const items = virtualizer.getVirtualItems();
  const totalSize = virtualizer.getTotalSize();
  const paddingTop = Math.max(0, (items[0]?.start ?? listTop) - listTop);
  const paddingBottom = items.length > 0 ? Math.max(0, totalSize - ((items.at(-1)?.end ?? 0) - listTop)) : 0;

  // Within a screen of the end: fetch the next page, so it is usually there before it is needed.
  const lastEnd = items.at(-1)?.end ?? 0;
  const viewport = virtualizer.scrollRect?.height ?? 0;
  const offset = virtualizer.scrollOffset ?? 0;
  const nearEnd = rows.length > 0 && listTop + totalSize - (offset + viewport) < viewport + estimateRowHeight;
  const { hasNextPage, isFetchingNextPage, nextPageError, fetchNextPage } = paging;
  useEffect(() => {
    if (nearEnd && lastEnd > 0 && hasNextPage && !isFetchingNextPage && !nextPageError) fetchNextPage();
  }, [nearEnd, lastEnd, hasNextPage, isFetchingNextPage, nextPageError, fetchNextPage]);

  return (
    <div ref={frameRef} className="rounded-lg border border-slate-200 bg-white shadow-sm">
      <StickyHeader table={table} minWidth={minWidth} scrollRef={headerRef} />
      <section
        ref={scrollRef}
        aria-label={label}
        // The region scrolls sideways, so it must be reachable with the keyboard even before it holds a link.
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region needs to take focus.
        tabIndex={0}
        onScroll={(event) => {
          if (headerRef.current) headerRef.current.scrollLeft = event.currentTarget.scrollLeft;
        }}
        className="relative overflow-x-auto overflow-y-hidden rounded-b-lg focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      >
        <table
          aria-label={label}
          aria-busy={loading || isFetchingNextPage || undefined}
          className="w-full table-fixed border-separate border-spacing-0 text-sm"
          style={{ minWidth }}
        >
          <CollapsedHeader table={table} />
          {loading ? (
            <SkeletonRows rows={10} columns={columnCount} height={estimateRowHeight} />
          ) : (
            <>
              {paddingTop > 0 ? <Spacer height={paddingTop} columns={columnCount} /> : null}
              {items.map((item) => {
                const row = rows[item.index];
                if (!row) return null;
                return (
                  <VirtualRow
                    key={item.key}
                    row={row}
                    index={item.index}
                    open={row.getIsExpanded()}
                    height={estimateRowHeight}
                    columnCount={columnCount}
                    measure={virtualizer.measureElement}
                    detailsId={detailsId(idPrefix, row.id)}
                    renderDetails={renderDetails}
                    viewportWidth={width}
                  />
                );
              })}
              {paddingBottom > 0 ? <Spacer height={paddingBottom} columns={columnCount} /> : null}
              <FooterRow paging={paging} columns={columnCount} />
            </>
          )}
        </table>
      </section>
    </div>
  );
}

/**
 * Where the rows start on the page (the virtualizer's scroll margin: what lies above them scrolls by first)
 * and how wide their box is. Remeasured when the page's size changes: a filter's error line or a wrapped
 * toolbar above the table moves it down.
 */
function useDocumentBox(ref: RefObject<HTMLElement | null>): { top: number; width: number } {
  const [box, setBox] = useState({ top: 0, width: 0 });
  useLayoutEffect(() => {
    const element = ref.current;
    if (!element) return;
    const measure = () => {
      const top = Math.round(element.getBoundingClientRect().top + window.scrollY);
      const width = element.clientWidth;
      setBox((current) => (current.top === top && current.width === width ? current : { top, width }));
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    observer.observe(document.body);
    return () => observer.disconnect();
  }, [ref]);
  return box;
}

/** The id of a row's details, for the toggle's aria-controls. */
export function detailsId(prefix: string, rowId: string): string {
  return `${prefix}-${rowId}-details`;
}

function Spacer({ height, columns }: { height: number; columns: number }) {
  return (
    <tbody aria-hidden="true">
      <tr style={{ height }}>
        <td colSpan={columns} className="p-0" />
      </tr>
    </tbody>
  );
}
