import type { ColumnDef } from "@tanstack/react-table";
import { ChevronRight } from "lucide-react";

/**
 * The first column of an expandable VirtualTable: a button that opens the row's details, announced as
 * expanded or collapsed and pointing at the details row it controls.
 */
/** `label` names the button, e.g. (row, open) => `${open ? "Hide" : "Show"} items of ${row.name}`. */
export function expanderColumn<T>(label: (row: T, open: boolean) => string): ColumnDef<T> {
  return {
    id: "expand",
    size: 44,
    header: () => <span className="sr-only">Details</span>,
    cell: ({ row, table }) => {
      const open = row.getIsExpanded();
      return (
        <button
          type="button"
          onClick={row.getToggleExpandedHandler()}
          aria-expanded={open}
          aria-controls={open ? table.options.meta?.detailsId?.(row.id) : undefined}
          aria-label={label(row.original, open)}
          className="-m-1 rounded p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          <ChevronRight
            aria-hidden="true"
            className={`size-4 transition-transform ${open ? "rotate-90" : ""}`}
          />
        </button>
      );
    },
  };
}
