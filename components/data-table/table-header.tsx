import { flexRender, type Table } from "@tanstack/react-table";
import type { RefObject } from "react";
import { headerCellClasses } from "./table-parts";
import { pinClasses, pinStyle } from "./virtual-row";

function Columns<T>({ table }: { table: Table<T> }) {
  return (
    <colgroup>
      {table.getVisibleLeafColumns().map((column) => (
        <col key={column.id} style={{ width: column.getSize() }} />
      ))}
    </colgroup>
  );
}

const alignClass = (align: "left" | "right" | undefined) => (align === "right" ? "text-right" : "text-left");

/**
 * The header row people see: a table of its own that sticks under the top bar while the page scrolls. The
 * rows' table cannot hold it: it scrolls sideways in its own box, and a sticky cell inside such a box sticks
 * to that box, not to the window. It follows the rows' sideways scroll (`scrollRef`, set by the table), and
 * is hidden from assistive technology, which reads the rows' own (visually collapsed) header instead.
 */
export function StickyHeader<T>({
  table,
  minWidth,
  scrollRef,
}: {
  table: Table<T>;
  minWidth: number;
  scrollRef: RefObject<HTMLDivElement | null>;
}) {
  return (
    <div
      ref={scrollRef}
      aria-hidden="true"
      data-sticky-header=""
      className="sticky top-0 z-10 overflow-hidden rounded-t-lg sm:top-14"
    >
      <table className="w-full table-fixed border-separate border-spacing-0 text-sm" style={{ minWidth }}>
        <Columns table={table} />
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {group.headers.map((header) => (
                <th
                  key={header.id}
                  style={pinStyle(header.column)}
                  className={`${headerCellClasses} ${alignClass(header.column.columnDef.meta?.align)} ${pinClasses(header.column, "z-[3]")}`}
                >
                  {header.isPlaceholder
                    ? null
                    : flexRender(header.column.columnDef.header, header.getContext())}
                </th>
              ))}
            </tr>
          ))}
        </thead>
      </table>
    </div>
  );
}

/** The rows' table's own column setup and header, there for screen readers (StickyHeader is what shows). */
export function CollapsedHeader<T>({ table }: { table: Table<T> }) {
  return (
    <>
      <Columns table={table} />
      <thead>
        {table.getHeaderGroups().map((group) => (
          <tr key={group.id}>
            {group.headers.map((header) => (
              <th key={header.id} scope="col" className="h-0 overflow-hidden p-0 leading-[0]">
                <span className="sr-only">
                  {header.isPlaceholder
                    ? null
                    : flexRender(header.column.columnDef.header, header.getContext())}
                </span>
              </th>
            ))}
          </tr>
        ))}
      </thead>
    </>
  );
}
