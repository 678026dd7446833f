"use client";

import { lazy, Suspense } from "react";
import { headerCellClasses, SkeletonRows } from "./table-parts";
import type { VirtualTable as EagerVirtualTable, VirtualTableProps } from "./virtual-table";

/**
 * VirtualTable in its own chunk. TanStack Table and TanStack Virtual are about half of a list page's own
 * JavaScript, and nothing needs them before the first page of data arrives: the chunk downloads while
 * that request runs, and this skeleton (the table's final size, no layout shift) stands in meanwhile.
 * docs/performance.md "Shipments page: first-load JavaScript" has the measured sizes.
 */
// lazy() forgets that the component is generic; the cast gives that back.
const VirtualTable = lazy(() =>
  import("./virtual-table").then((module) => ({ default: module.VirtualTable })),
) as unknown as typeof EagerVirtualTable;

export function LazyVirtualTable<T>(props: VirtualTableProps<T>) {
  return (
    <Suspense fallback={<TableSkeleton {...props} />}>
      <VirtualTable<T> {...props} />
    </Suspense>
  );
}

/** The table's frame, header and grey rows, drawn from the column definitions without TanStack. */
function TableSkeleton<T>({ label, columns, estimateRowHeight }: VirtualTableProps<T>) {
  const width = columns.reduce((sum, column) => sum + (column.size ?? 150), 0);
  return (
    <section
      aria-label={label}
      aria-busy="true"
      className="overflow-hidden rounded-lg border border-slate-200 bg-white shadow-sm"
    >
      <table
        className="w-full table-fixed border-separate border-spacing-0 text-sm"
        style={{ minWidth: width }}
      >
        <colgroup>
          {columns.map((column, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: columns are fixed; position is their identity.
            <col key={index} style={{ width: column.size ?? 150 }} />
          ))}
        </colgroup>
        <thead>
          <tr>
            {columns.map((column, index) => (
              <th
                // biome-ignore lint/suspicious/noArrayIndexKey: as above.
                key={index}
                scope="col"
                className={`${headerCellClasses} ${column.meta?.align === "right" ? "text-right" : "text-left"}`}
              >
                {typeof column.header === "string" ? column.header : null}
              </th>
            ))}
          </tr>
        </thead>
        <SkeletonRows rows={10} columns={columns.length} height={estimateRowHeight} />
      </table>
    </section>
  );
}
