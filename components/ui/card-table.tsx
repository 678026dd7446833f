import type { ReactNode } from "react";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";

// Tighter cells below 1024 px so a whole table, its actions included, fits a 768 px tablet without scrolling.
const PAD = "px-2 lg:px-4";
const HEAD = `${PAD} whitespace-nowrap py-2.5 text-left text-xs font-medium uppercase tracking-wide text-slate-500`;

const wide = (column: { wideOnly?: boolean }) => (column.wideOnly ? "hidden lg:table-cell" : "");

export type CardTableColumn<T> = {
  /** The column's heading; the last column (the row's actions) has none that shows. */
  header: string;
  cell: (row: T) => ReactNode;
  className?: string;
  /** What stands in the cell while the rows load. */
  skeleton?: ReactNode;
  /** Below 1024 px the column gives its width to the others (and the actions stay in view). */
  wideOnly?: boolean;
};

type RecordTableProps<T> = {
  caption: string;
  columns: CardTableColumn<T>[];
  /** `null` while loading: skeleton rows of the final size stand in. */
  rows: T[] | null;
  rowKey: (row: T) => string;
  rowClassName?: (row: T) => string;
  /** The row's actions; without them (a read-only list) there is no actions column. */
  actions?: (row: T) => ReactNode;
  /** Tailwind class of the table's least width, e.g. `min-w-[38rem]`. */
  minWidth?: string;
  verticalAlign?: "align-top" | "align-middle";
};

/**
 * A short list of people, credentials or places in a card (the team, the API secrets, the locations): a
 * heading row, one row a record, and an actions column at the end whose heading only screen readers
 * hear. Too few rows to need the virtual table; it scrolls sideways inside the card on a narrow window.
 */
export function CardTable<T>(props: RecordTableProps<T>) {
  return (
    // `relative`: the actions' sr-only text is absolutely positioned and would otherwise widen the page
    // instead of scrolling inside the card.
    <Card bodyClassName="relative overflow-x-auto">
      <RecordTable {...props} />
    </Card>
  );
}

/** CardTable's table alone, for a card that has a title and more (the locations card). */
export function RecordTable<T>({
  caption,
  columns,
  rows,
  rowKey,
  rowClassName,
  actions,
  minWidth = "",
  verticalAlign = "align-middle",
}: RecordTableProps<T>) {
  const cell = `${PAD} py-3 ${verticalAlign}`;
  return (
    <table className={`w-full ${minWidth} text-sm`} aria-busy={rows === null || undefined}>
      <caption className="sr-only">{rows === null ? `Loading ${caption.toLowerCase()}` : caption}</caption>
      <thead className="bg-slate-50">
        <tr>
          {columns.map((column) => (
            <th key={column.header} scope="col" className={`${HEAD} ${wide(column)}`}>
              {column.header}
            </th>
          ))}
          {actions ? (
            <th scope="col" className={HEAD}>
              <span className="sr-only">Actions</span>
            </th>
          ) : null}
        </tr>
      </thead>
      <tbody className="divide-y divide-slate-200">
        {rows === null
          ? [0, 1].map((index) => (
              <tr key={index}>
                {columns.map((column) => (
                  <td key={column.header} className={`${cell} ${wide(column)}`}>
                    {column.skeleton ?? <Skeleton className="h-5 w-20" />}
                  </td>
                ))}
                {actions ? (
                  <td className={`${cell} py-2`}>
                    <Skeleton className="ml-auto h-8 w-16" />
                  </td>
                ) : null}
              </tr>
            ))
          : rows.map((row) => (
              <tr key={rowKey(row)} className={rowClassName?.(row) ?? "text-slate-800"}>
                {columns.map((column) => (
                  <td key={column.header} className={`${cell} ${wide(column)} ${column.className ?? ""}`}>
                    {column.cell(row)}
                  </td>
                ))}
                {actions ? <td className={`${cell} py-2 text-right`}>{actions(row)}</td> : null}
              </tr>
            ))}
      </tbody>
    </table>
  );
}
