import { type Cell, type Column, flexRender, type Row } from "@tanstack/react-table";
import { type CSSProperties, memo, type ReactNode } from "react";
import { bodyCellClasses } from "./table-parts";

export function pinStyle<T>(column: Column<T, unknown>): CSSProperties | undefined {
  return column.getIsPinned() === "left" ? { left: column.getStart("left") } : undefined;
}

export function pinClasses<T>(column: Column<T, unknown>, base: string): string {
  if (column.getIsPinned() !== "left") return "";
  return `sticky ${base} ${column.getIsLastColumn("left") ? "shadow-[inset_-1px_0_0_var(--color-slate-200)]" : ""}`;
}

function cellClasses<T>(cell: Cell<T, unknown>): string {
  const meta = cell.column.columnDef.meta;
  return [
    bodyCellClasses,
    meta?.align === "right" ? "text-right tabular-nums" : "",
    meta?.cellClassName ?? "",
    pinClasses(cell.column, "z-[1] bg-white group-hover:bg-slate-50"),
  ].join(" ");
}

type VirtualRowProps<T> = {
  row: Row<T>;
  index: number;
  open: boolean;
  height: number;
  columnCount: number;
  measure: (element: Element | null) => void;
  detailsId: string;
  renderDetails?: (row: T) => ReactNode;
  /** Width of the visible area, so the details stay in view when the table scrolls sideways. */
  viewportWidth: number;
};

/**
 * One row and, when open, its details, in their own <tbody>: the element the virtualizer measures.
 * Memoised, so scrolling renders only the rows that come into view.
 */
function VirtualRowImpl<T>({
  row,
  index,
  open,
  height,
  columnCount,
  measure,
  detailsId,
  renderDetails,
  viewportWidth,
}: VirtualRowProps<T>) {
  return (
    <tbody data-index={index} ref={measure}>
      <tr className="group" style={{ height }}>
        {row.getVisibleCells().map((cell) => (
          <td key={cell.id} style={pinStyle(cell.column)} className={cellClasses(cell)}>
            {flexRender(cell.column.columnDef.cell, cell.getContext())}
          </td>
        ))}
      </tr>
      {open && renderDetails ? (
        <tr id={detailsId}>
          <td colSpan={columnCount} className="border-b border-slate-200 bg-slate-50 p-0">
            <div className="sticky left-0" style={{ width: viewportWidth || undefined }}>
              {renderDetails(row.original)}
            </div>
          </td>
        </tr>
      ) : null}
    </tbody>
  );
}

export const VirtualRow = memo(VirtualRowImpl) as typeof VirtualRowImpl;
