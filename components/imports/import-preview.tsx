import { AlertTriangle } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { formatNumber } from "@/lib/client/format";
import type { ImportCheck } from "@/lib/schemas/imports";
import type { ImportKind } from "./import-kinds";

const head = "px-3 py-2 text-left text-xs font-medium uppercase tracking-wide text-slate-600";

/** What the import would do: counts, every problem by line and column, and the first lines with theirs beside them. */
export function ImportPreview({
  kind,
  report,
  onImport,
}: {
  kind: ImportKind;
  report: ImportCheck;
  onImport: () => void;
}) {
  const counted = (n: number) => `${formatNumber(n)} ${n === 1 ? kind.noun[0] : kind.noun[1]}`;
  const byLine = new Map<number, ImportCheck["errors"]>();
  for (const error of report.errors) byLine.set(error.line, [...(byLine.get(error.line) ?? []), error]);
  const columns = kind.columns.filter((c) => report.preview.some((row) => (row.values[c.name] ?? "") !== ""));
  const nothing = report.create + report.update === 0;
  return (
    <Card
      title="3. Check and import"
      description={`${formatNumber(report.rows)} ${report.rows === 1 ? "line" : "lines"}: ${counted(report.create)} to create, ${formatNumber(report.update)} to update, ${formatNumber(report.unchanged)} unchanged.`}
      bodyClassName="p-0"
    >
      {report.error_count > 0 ? (
        <div className="border-b border-slate-200 bg-red-50/60 px-5 py-4" role="alert">
          <p className="flex items-center gap-2 text-sm font-medium text-red-800">
            <AlertTriangle aria-hidden="true" className="size-4" />
            {formatNumber(report.error_count)} {report.error_count === 1 ? "problem" : "problems"} to fix in
            the file; nothing will be imported until there are none.
          </p>
          <table className="mt-3 w-full text-sm" aria-label="Problems in the file">
            <thead>
              <tr>
                <th scope="col" className={head}>
                  Line
                </th>
                <th scope="col" className={head}>
                  Column
                </th>
                <th scope="col" className={head}>
                  Problem
                </th>
              </tr>
            </thead>
            <tbody>
              {report.errors.map((error) => (
                <tr
                  key={`${error.line}-${error.column}-${error.message}`}
                  className="border-t border-red-100"
                >
                  <td className="px-3 py-1.5 tabular-nums">{error.line}</td>
                  <td className="px-3 py-1.5 font-mono text-xs">{error.column || "—"}</td>
                  <td className="px-3 py-1.5 text-red-800">{error.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
          {report.error_count > report.errors.length ? (
            <p className="mt-2 text-xs text-red-800">
              The first {formatNumber(report.errors.length)} are listed.
            </p>
          ) : null}
        </div>
      ) : null}
      <ScrollRegion label="First lines of the file">
        <table className="w-full text-sm" aria-label="Preview">
          <thead className="bg-slate-50">
            <tr>
              <th scope="col" className={head}>
                Line
              </th>
              {columns.map((c) => (
                <th key={c.name} scope="col" className={`${head} whitespace-nowrap`}>
                  {c.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {report.preview.map((row) => {
              const problems = byLine.get(row.line) ?? [];
              const bad = new Set(problems.map((p) => p.column));
              return (
                <tr
                  key={row.line}
                  className={`border-t border-slate-100 align-top ${problems.length ? "bg-red-50/60" : ""}`}
                >
                  <td className="px-3 py-2 tabular-nums text-slate-600">{row.line}</td>
                  {columns.map((c) => (
                    <td
                      key={c.name}
                      className={`whitespace-nowrap px-3 py-2 ${bad.has(c.name) ? "font-medium text-red-800" : "text-slate-900"}`}
                    >
                      {/* Only the value is underlined: the decoration would run through the message below it. */}
                      <span
                        className={
                          bad.has(c.name) ? "underline decoration-red-400 decoration-wavy" : undefined
                        }
                      >
                        {row.values[c.name] ?? ""}
                      </span>
                      {bad.has(c.name) ? (
                        // A width of its own, so a narrow column does not wrap the message one word a line.
                        <span className="block min-w-48 whitespace-normal text-xs font-normal text-red-800">
                          {problems.find((p) => p.column === c.name)?.message}
                        </span>
                      ) : null}
                    </td>
                  ))}
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollRegion>
      <div className="flex items-center justify-end gap-3 border-t border-slate-200 px-5 py-4">
        <Button variant="primary" disabled={report.error_count > 0 || nothing} onClick={onImport}>
          {nothing ? "Nothing to import" : `Import ${counted(report.create + report.update)}`}
        </Button>
      </div>
    </Card>
  );
}
