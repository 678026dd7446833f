import type { z } from "zod";

/**
 * The part every CSV import shares (docs/csv.md "Import"): required columns, the line limit, the 20-line
 * preview, cells the database cannot store, each row's schema, and the list of problems by line and column (the
 * first 500 kept, all counted). Each kind then resolves its rows against the store.
 */

export type ImportError = { line: number; column: string; message: string };
type CsvRecord = { line: number; values: Record<string, string> };

const ERRORS_LISTED = 500;
export const IMPORT_MAX_LINES = 200_000;

export class ImportProblems {
  readonly listed: ImportError[] = [];
  count = 0;
  add(line: number, column: string, message: string): void {
    this.count++;
    if (this.listed.length < ERRORS_LISTED) this.listed.push({ line, column, message });
  }
}

export async function readImportRows<S extends z.ZodType>(
  records: AsyncIterable<CsvRecord>,
  options: { required: readonly string[]; schema: S },
): Promise<{
  rows: { line: number; row: z.output<S> }[];
  read: number;
  preview: CsvRecord[];
  problems: ImportProblems;
}> {
  const problems = new ImportProblems();
  const rows: { line: number; row: z.output<S> }[] = [];
  const preview: CsvRecord[] = [];
  let read = 0;
  let checkedHeader = false;
  for await (const record of records) {
    if (!checkedHeader) {
      checkedHeader = true;
      const missing = options.required.filter((column) => !(column in record.values));
      for (const column of missing) problems.add(1, column, `The file has no "${column}" column.`);
      if (missing.length > 0) break;
    }
    read++;
    if (read > IMPORT_MAX_LINES) {
      problems.add(
        record.line,
        "",
        `A file holds at most ${IMPORT_MAX_LINES.toLocaleString("en-US")} lines; split it.`,
      );
      break;
    }
    if (preview.length < 20) preview.push(record);
    const unstorable = Object.entries(record.values).find(([, value]) => value.includes("\u0000"));
    if (unstorable) {
      problems.add(record.line, unstorable[0], "Holds a NUL character (U+0000), which cannot be stored.");
      continue;
    }
    const parsed = options.schema.safeParse(record.values);
    if (!parsed.success) {
      for (const issue of parsed.error.issues)
        problems.add(record.line, String(issue.path[0] ?? ""), issue.message);
      continue;
    }
    rows.push({ line: record.line, row: parsed.data });
  }
  if (!checkedHeader) problems.add(1, "", "The file is empty: it needs a header row and at least one line.");
  return { rows, read, preview, problems };
}
