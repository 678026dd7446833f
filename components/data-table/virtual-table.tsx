"use client";

import "./column-meta";
import {
  type ColumnDef,
  type ExpandedState,
  flexRender,
  getCoreRowModel,
  useReactTable,
} from "@tanstack/react-table";
import { useVirtualizer } from "@tanstack/react-virtual";
import {
  type ReactNode,
  type RefObject,
  useCallback,
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { FooterRow, headerCellClasses, type PagingState, SkeletonRows } from "./table-parts";
import { pinClasses, pinStyle, VirtualRow } from "./virtual-row";

export type { PagingState } from "./table-parts";

export type VirtualTableProps<T> = {
  /** The table's accessible name (also the scroll region's). */
  label: string;
  data: T[];
  /** TanStack Table v8 column definitions; `size` is the column's width in px. */
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
  /** CSS height limit of the scrolling area; by default it reaches down to the bottom of the window. */
  maxHeight?: string;
  /** A different list (new filters): scroll back to the top and close every row. */
  resetKey?: string;
};

const OVERSCAN = 6;

/**
 * A table over an infinite list: TanStack Table for the columns, TanStack Virtual for the rows, so only the
 * rows in view (plus a few) exist in the DOM however many are loaded. It scrolls in its own container,
 * with a sticky header and pinned first columns, and asks for the next page a screen before the end.
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
  maxHeight,
  resetKey,
}: VirtualTableProps<T>) {
  const idPrefix = useId();
  const scrollRef = useRef<HTMLDivElement>(null);
  const [expanded, setExpanded] = useState<ExpandedState>({});
  const fitHeight = useFitToWindow(scrollRef);
  const shownKey = useRef(resetKey);
  useEffect(() => {
    if (shownKey.current === resetKey) return;
    shownKey.current = resetKey;
    scrollRef.current?.scrollTo({ top: 0 });
    setExpanded({});
  }, [resetKey]);

  const table = useReactTable({
    data,
    columns,
    getRowId: (row) => getRowId(row),
    getCoreRowModel: getCoreRowModel(),
    getRowCanExpand: () => renderDetails !== undefined,
    state: { expanded, columnPinning: { left: pinnedColumns } },
    onExpandedChange: setExpanded,
    meta: { detailsId: (rowId) => detailsId(idPrefix, rowId) },
  });
  const rows = table.getRowModel().rows;
  const columnCount = table.getVisibleLeafColumns().length;

  // Stable while the rows are: the virtualizer recomputes every row's position (10,000 at a time) whenever
  // getItemKey changes, and a new function each render made every scroll step do that (docs/performance.md).
  const getItemKey = useCallback((index: number) => rows[index]?.id ?? index, [rows]);
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => estimateRowHeight,
    getItemKey,
    overscan: OVERSCAN,
  });
  const items = virtualizer.getVirtualItems();
  const totalSize = virtualizer.getTotalSize();
  const paddingTop = items[0]?.start ?? 0;
  const paddingBottom = items.length > 0 ? totalSize - (items.at(-1)?.end ?? 0) : 0;

  // Within a screen of the end: fetch the next page, so it is usually there before it is needed.
  const lastEnd = items.at(-1)?.end ?? 0;
  const viewport = virtualizer.scrollRect?.height ?? 0;
  const viewportWidth = scrollRef.current?.clientWidth ?? virtualizer.scrollRect?.width ?? 0;
  const offset = virtualizer.scrollOffset ?? 0;
  const nearEnd = rows.length > 0 && totalSize - (offset + viewport) < viewport + estimateRowHeight;
  const { hasNextPage, isFetchingNextPage, nextPageError, fetchNextPage } = paging;
  useEffect(() => {
    if (nearEnd && lastEnd > 0 && hasNextPage && !isFetchingNextPage && !nextPageError) fetchNextPage();
  }, [nearEnd, lastEnd, hasNextPage, isFetchingNextPage, nextPageError, fetchNextPage]);

  return (
    <section
      ref={scrollRef}
      aria-label={label}
      // The region scrolls, so it must be reachable with the keyboard even before it holds a link.
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrollable region needs to take focus.
      tabIndex={0}
      className="relative overflow-auto rounded-lg border border-slate-200 bg-white shadow-sm focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600"
      style={{ maxHeight: maxHeight ?? fitHeight }}
    >
      <table
        aria-label={label}
        aria-busy={loading || isFetchingNextPage || undefined}
        className="w-full table-fixed border-separate border-spacing-0 text-sm"
        style={{ minWidth: table.getTotalSize() }}
      >
        <colgroup>
          {table.getVisibleLeafColumns().map((column) => (
            <col key={column.id} style={{ width: column.getSize() }} />
          ))}
        </colgroup>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th
                  key={header.id}
                  scope="col"
                  style={pinStyle(header.column)}
                  className={`${headerCellClasses} ${header.column.columnDef.meta?.align === "right" ? "text-right" : "text-left"} ${pinClasses(header.column, "z-[3]")}`}
                >
                  {header.isPlaceholder
                    ? null
                    : flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
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
                  viewportWidth={viewportWidth}
                />
              );
            })}
            {paddingBottom > 0 ? <Spacer height={paddingBottom} columns={columnCount} /> : null}
            <FooterRow paging={paging} columns={columnCount} />
          </>
        )}
      </table>
    </section>
  );
}

/**
 * A height that ends the scrolling area 24 px above the window's bottom, so the page itself does not
 * scroll (two nested scrollbars are hard to use), but never under 24rem on a short window.
 */
function useFitToWindow(ref: RefObject<HTMLElement | null>): string {
  const [top, setTop] = useState(304);
  useLayoutEffect(() => {
    const measure = () => {
      const element = ref.current;
      if (element) setTop(Math.round(element.getBoundingClientRect().top + window.scrollY));
    };
    measure();
    window.addEventListener("resize", measure);
    return () => window.removeEventListener("resize", measure);
  }, [ref]);
  return `max(24rem, calc(100vh - ${top + 24}px))`;
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
