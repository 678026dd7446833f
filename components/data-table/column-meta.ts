import type { RowData } from "@tanstack/react-table";

declare module "@tanstack/react-table" {
  interface ColumnMeta<TData extends RowData, TValue> {
    /** Right-aligns numbers so their digits line up. */
    align?: "left" | "right";
    /** Extra classes for the column's cells (not its header). */
    cellClassName?: string;
    /**
     * How much the column matters when the table is narrower than its columns (1 = most): columns without
     * one are always shown; the others join in this order while they fit (columnsThatFit).
     */
    priority?: number;
  }

  interface TableMeta<TData extends RowData> {
    /** The DOM id of a row's details row (set by VirtualTable), for the expander's aria-controls. */
    detailsId?: (rowId: string) => string;
  }
}
