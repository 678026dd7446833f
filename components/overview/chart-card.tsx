"use client";

import { type ReactNode, useId, useState } from "react";
import { Skeleton } from "@/components/ui/skeleton";

export const CHART_HEIGHT = 240;

/**
 * A chart with its numbers as a table. The table is always in the page for screen readers (visually
 * hidden); "Show as table" shows it in place of the picture for anyone who prefers to read the figures.
 * The picture itself is hidden from assistive technology, since the table says the same.
 */
export function ChartCard({
  title,
  description,
  headline,
  chart,
  table,
}: {
  title: string;
  description: string;
  headline?: ReactNode;
  chart: ReactNode;
  table: ReactNode;
}) {
  const [asTable, setAsTable] = useState(false);
  const id = useId();
  return (
    <section
      aria-labelledby={`${id}-title`}
      className="flex flex-col rounded-lg border border-slate-200 bg-white shadow-sm"
    >
      <header className="flex items-start justify-between gap-3 border-b border-slate-200 px-4 py-3">
        <div className="min-w-0 flex-1">
          <h3 id={`${id}-title`} className="text-sm font-semibold text-slate-900">
            {title}
          </h3>
          <p className="mt-0.5 text-xs text-slate-600">{description}</p>
        </div>
        <button
          type="button"
          aria-pressed={asTable}
          onClick={() => setAsTable((value) => !value)}
          className="shrink-0 rounded-md px-2 py-1 text-xs font-medium text-indigo-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          Show as table
        </button>
      </header>
      <div className="flex-1 px-4 py-3">
        {headline}
        {asTable ? null : (
          <div aria-hidden="true" style={{ height: CHART_HEIGHT }}>
            {chart}
          </div>
        )}
        <div className={asTable ? "max-h-72 overflow-auto" : "sr-only"}>{table}</div>
      </div>
    </section>
  );
}

/** Four cards of the final size while the data or the chart library loads. */
export function ChartsSkeleton() {
  return (
    <div className="grid gap-4 lg:grid-cols-2" aria-busy="true">
      <span className="sr-only">Loading charts</span>
      {[0, 1, 2, 3].map((index) => (
        <div key={index} className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
          <Skeleton className="h-4 w-48" />
          <Skeleton className="mt-2 h-3 w-64" />
          <Skeleton className="mt-4" />
          <div style={{ height: CHART_HEIGHT }} className="mt-3">
            <Skeleton className="h-full w-full" />
          </div>
        </div>
      ))}
    </div>
  );
}

const CELL = "px-2 py-1.5 text-left";

/** A plain table of a chart's figures: the first column names the row (a week, a reason). */
export function FigureTable({
  caption,
  columns,
  rows,
}: {
  caption: string;
  columns: string[];
  rows: { key: string; cells: ReactNode[] }[];
}) {
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{caption}</caption>
      <thead>
        <tr className="border-b border-slate-200 text-xs text-slate-600">
          {columns.map((column, index) => (
            <th key={column} scope="col" className={`${CELL} font-medium ${index > 0 ? "text-right" : ""}`}>
              {column}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.length === 0 ? (
          <tr>
            <td colSpan={columns.length} className={`${CELL} text-slate-600`}>
              Nothing in the 12 weeks.
            </td>
          </tr>
        ) : null}
        {rows.map((row) => (
          <tr key={row.key} className="border-b border-slate-100 last:border-0">
            {row.cells.map((cell, index) =>
              index === 0 ? (
                // biome-ignore lint/suspicious/noArrayIndexKey: the columns are fixed, so the index is the column
                <th key={index} scope="row" className={`${CELL} font-normal`}>
                  {cell}
                </th>
              ) : (
                // biome-ignore lint/suspicious/noArrayIndexKey: as above
                <td key={index} className={`${CELL} text-right tabular-nums`}>
                  {cell}
                </td>
              ),
            )}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** In place of a chart with nothing to draw. */
export function NoData({ children }: { children: string }) {
  return <p className="flex h-full items-center justify-center text-sm text-slate-600">{children}</p>;
}
