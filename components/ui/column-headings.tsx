const HEADING = "text-xs font-medium uppercase tracking-wide text-slate-600";

export type ColumnHeading = {
  label: string;
  /** A column of numbers: its heading is right-aligned over them; any other is left-aligned. */
  numeric?: boolean;
  /** Heard by screen readers only (an actions or links column). */
  srOnly?: boolean;
  /** The column's width or other classes of its heading cell. */
  className?: string;
};

/**
 * The heading row of a small data table (a shipment's lines, a receipt, a stock history): one
 * `<th scope="col">` a column with a small uppercase label. `cellClassName` is the table's cell padding,
 * `className` the look of the heading's group and `rowClassName` of its row (a background, a border).
 */
export function ColumnHeadings({
  columns,
  cellClassName = "",
  className,
  rowClassName,
}: {
  columns: ColumnHeading[];
  cellClassName?: string;
  className?: string;
  rowClassName?: string;
}) {
  return (
    <thead className={className}>
      <tr className={rowClassName}>
        {columns.map((column) => (
          <th
            key={column.label}
            scope="col"
            className={`${cellClassName} ${HEADING} ${column.numeric ? "text-right" : "text-left"} ${column.className ?? ""}`}
          >
            {column.srOnly ? <span className="sr-only">{column.label}</span> : column.label}
          </th>
        ))}
      </tr>
    </thead>
  );
}
