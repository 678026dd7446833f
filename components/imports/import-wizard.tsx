"use client";

import { useQueryClient } from "@tanstack/react-query";
import { CheckCircle2, Download, FileUp } from "lucide-react";
import Link from "next/link";
import { useId, useState } from "react";
import { useCan, useCurrentStore } from "@/components/app/staff-context";
import { PageHeader } from "@/components/shell/page-header";
import { Button, buttonClasses } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { describedBy, Field, Select } from "@/components/ui/field";
import { EmptyState } from "@/components/ui/states";
import { errorMessage } from "@/lib/client/api-client";
import { checkImport, type ImportQuery, runImport } from "@/lib/client/csv-import";
import { formatNumber } from "@/lib/client/format";
import type { ImportCheck } from "@/lib/schemas/imports";
import { type ColumnMapping, type CsvSource, guessMapping, readHeader, remapFile } from "./csv-file";
import { IMPORT_KINDS, type ImportKindName } from "./import-kinds";
import { ImportPreview } from "./import-preview";

type Source = CsvSource;
type Stage =
  | { step: "file" }
  | { step: "map"; source: Source; mapping: ColumnMapping }
  | { step: "checked"; source: Source; mapping: ColumnMapping; report: ImportCheck }
  | { step: "importing"; done: number; total: number }
  | { step: "done"; summary: { created: number; updated: number; unchanged: number; lines: number } };

/**
 * Import from CSV (shipments, stock counts, products: `kind`): pick a file, match its columns, see what the
 * import would do with every problem beside its line before anything is written, then import all of it (or
 * none) with a progress bar.
 */
export function ImportWizard({
  kind: kindName,
  back,
  query,
}: {
  /** The import's query (a location's own bins file). */
  query?: ImportQuery;
  /** By name: a kind holds functions (its template in the store's currency), which a page cannot pass. */
  kind: ImportKindName;
  /** The list the import feeds: its breadcrumb and the "See …" link after importing. */
  back: { label: string; path: string };
}) {
  const kind = IMPORT_KINDS[kindName];
  const store = useCurrentStore();
  const queryClient = useQueryClient();
  const canWrite = useCan("write");
  const inputId = useId();
  const [stage, setStage] = useState<Stage>({ step: "file" });
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // Required fields left "Not in this file" when Check was pressed: named on the fields and in the alert.
  const [unmapped, setUnmapped] = useState<string[]>([]);
  const listHref = `/stores/${store.id}/${back.path}`;
  const template = `data:text/csv;charset=utf-8,${encodeURIComponent(kind.template(store.currency))}`;

  const header = (
    <PageHeader
      title={kind.title}
      breadcrumbs={[
        { label: store.name, href: `/stores/${store.id}` },
        { label: back.label, href: listHref },
        { label: "Import" },
      ]}
      description={kind.description}
      actions={
        <a href={template} download={kind.templateName} className={buttonClasses("secondary")}>
          <Download aria-hidden="true" className="size-4" />
          Download template
        </a>
      }
    />
  );
  if (!canWrite) {
    return (
      <>
        {header}
        <div className="rounded-lg border border-slate-200 bg-white shadow-sm">
          <EmptyState title="Your role cannot import">
            Viewers can browse; ask an admin of this store for the editor role to import files.
          </EmptyState>
        </div>
      </>
    );
  }

  const pick = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    const source = await readHeader(file);
    if (source.headers.length === 0) {
      setError("This file has no header row. Start from the template.");
      return;
    }
    setStage({ step: "map", source, mapping: guessMapping(kind.columns, source.headers) });
  };
  const check = async (source: Source, mapping: ColumnMapping) => {
    const missing = kind.columns.filter((c) => c.required && !mapping[c.name]);
    setUnmapped(missing.map((c) => c.name));
    if (missing.length > 0) {
      setError(
        `Choose the file's column for ${missing.map((c) => c.label).join(", ")}: ${missing.length === 1 ? "it is" : "they are"} required. If the file has no such column, add it (the template shows the columns).`,
      );
      document.getElementById(`map-${missing[0]?.name}`)?.focus();
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const report = await checkImport(kind.check, store.id, remapFile(source, mapping), query);
      setStage({ step: "checked", source, mapping, report });
    } catch (caught) {
      setError(errorMessage(caught));
    } finally {
      setBusy(false);
    }
  };
  const run = async (source: Source, mapping: ColumnMapping, total: number) => {
    setError(null);
    setStage({ step: "importing", done: 0, total });
    try {
      const summary = await runImport(
        kind.run,
        store.id,
        remapFile(source, mapping),
        (done, all) => setStage({ step: "importing", done, total: all }),
        query,
      );
      setStage({ step: "done", summary });
      // What the store's pages hold from before the import is out of date (the list "See …" opens, its counts).
      void queryClient.invalidateQueries({ queryKey: ["stores", store.id] });
    } catch (caught) {
      setError(errorMessage(caught));
      setStage({ step: "checked", source, mapping, report: { ...emptyReport, error_count: 0 } });
    }
  };

  return (
    <>
      {header}
      <div className="space-y-6">
        {error ? (
          <p role="alert" className="rounded-md bg-red-50 px-4 py-3 text-sm text-red-800 ring-1 ring-red-200">
            {error}
          </p>
        ) : null}
        {stage.step === "file" ? (
          <Card title="1. Choose a CSV file">
            <label
              htmlFor={inputId}
              className="flex cursor-pointer flex-col items-center justify-center gap-2 rounded-lg border-2 border-dashed border-slate-300 px-6 py-10 text-center hover:border-indigo-400 hover:bg-indigo-50/40"
              onDragOver={(event) => event.preventDefault()}
              onDrop={(event) => {
                event.preventDefault();
                void pick(event.dataTransfer.files[0]);
              }}
            >
              <FileUp aria-hidden="true" className="size-8 text-slate-500" />
              <span className="text-sm font-medium text-slate-900">Drop a file here, or choose one</span>
              <span className="text-xs text-slate-600">CSV, UTF-8, up to 50 MB and 200,000 lines</span>
              <input
                id={inputId}
                type="file"
                accept=".csv,text/csv"
                className="sr-only"
                aria-label={`CSV file: ${kind.title.replace(/^Import /, "")}`}
                onChange={(event) => void pick(event.target.files?.[0])}
              />
            </label>
          </Card>
        ) : null}
        {stage.step === "map" || stage.step === "checked" ? (
          <Card
            title="2. Match the columns"
            description={`${stage.source.file.name}: each field on the left is read from the column chosen on the right.`}
          >
            <div className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
              {kind.columns.map((column) => {
                const fieldError =
                  unmapped.includes(column.name) && !stage.mapping[column.name]
                    ? `Required: the file has no column matched to ${column.label}.`
                    : null;
                return (
                  <Field
                    key={column.name}
                    id={`map-${column.name}`}
                    label={`${column.label}${column.required ? " (required)" : ""}`}
                    error={fieldError}
                  >
                    <Select
                      {...describedBy(`map-${column.name}`, fieldError)}
                      value={stage.mapping[column.name]}
                      onChange={(event) =>
                        setStage({
                          step: "map",
                          source: stage.source,
                          mapping: { ...stage.mapping, [column.name]: event.target.value },
                        })
                      }
                    >
                      <option value="">Not in this file</option>
                      {stage.source.headers.map((h) => (
                        <option key={h} value={h}>
                          {h}
                        </option>
                      ))}
                    </Select>
                  </Field>
                );
              })}
            </div>
            <div className="mt-5 flex flex-wrap justify-end gap-3">
              <Button onClick={() => setStage({ step: "file" })}>Choose another file</Button>
              <Button
                variant="primary"
                pending={busy}
                onClick={() => void check(stage.source, stage.mapping)}
              >
                Check the file
              </Button>
            </div>
          </Card>
        ) : null}
        {stage.step === "checked" && (stage.report.rows > 0 || stage.report.error_count > 0) ? (
          <ImportPreview
            kind={kind}
            report={stage.report}
            onImport={() => void run(stage.source, stage.mapping, stage.report.lines)}
          />
        ) : null}
        {stage.step === "importing" ? (
          <Card title="Importing…">
            <progress
              className="h-3 w-full overflow-hidden rounded-full [&::-webkit-progress-bar]:bg-slate-100 [&::-webkit-progress-value]:bg-indigo-600"
              value={stage.done}
              max={Math.max(stage.total, 1)}
              aria-label="Import progress"
            />
            <p className="mt-2 text-sm text-slate-700" aria-live="polite">
              {formatNumber(stage.done)} of {formatNumber(stage.total)} lines written
            </p>
          </Card>
        ) : null}
        {stage.step === "done" ? (
          <Card title="Import complete">
            <div className="flex items-start gap-3">
              <CheckCircle2 aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-600" />
              <p className="text-sm text-slate-800" role="status">
                {formatNumber(stage.summary.created)} created, {formatNumber(stage.summary.updated)} updated,{" "}
                {formatNumber(stage.summary.unchanged)} unchanged ({formatNumber(stage.summary.lines)}{" "}
                {stage.summary.lines === 1 ? "row" : "rows"} written).
              </p>
            </div>
            <div className="mt-5 flex gap-3">
              <Link href={listHref} className={buttonClasses("primary")}>
                See the {back.label.toLowerCase()}
              </Link>
              <Button onClick={() => setStage({ step: "file" })}>Import another file</Button>
            </div>
          </Card>
        ) : null}
      </div>
    </>
  );
}

const emptyReport: ImportCheck = {
  rows: 0,
  create: 0,
  update: 0,
  unchanged: 0,
  lines: 0,
  error_count: 0,
  errors: [],
  preview: [],
};
