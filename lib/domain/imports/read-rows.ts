import type { z } from "zod";

/**
 * The part every CSV import shares (docs/csv.md "Import"): required columns, the line limit, the 20-line
 * preview, cells the database cannot store, each row's schema, and the list of problems by line and column (all
 * counted, the 500 of the lowest lines listed, in line order). Each kind then resolves its rows against the
 * store, and the cells of rejected rows that passed their own checks too (`rejected`), so one check reports
 * every problem: a row with a bad quantity still has its unknown SKU named.
 */

export type ImportError = { line: number; column: string; message: string };
type CsvRecord = { line: number; values: Record<string, string> };

const ERRORS_LISTED = 500;
export const IMPORT_MAX_LINES = 200_000;

/** The first `ERRORS_LISTED` problems by line; a sort is stable, so one line's keep the order they were found in. */
const lowestLines = (errors: ImportError[]) => errors.sort((a, b) => a.line - b.line).slice(0, ERRORS_LISTED);

export class ImportProblems {
  // Problems come in two passes (each row's format, then what it names in the store), so the lowest lines are
  // kept rather than the first found; trimmed now and then so a file of errors holds at most twice the list.
  private kept: ImportError[] = [];
  count = 0;
  add(line: number, column: string, message: string): void {
    this.count++;
    this.kept.push({ line, column, message });
    if (this.kept.length >= ERRORS_LISTED * 2) this.kept = lowestLines(this.kept);
  }
  /** The problems to list, by line. */
  get listed(): ImportError[] {
    this.kept = lowestLines(this.kept);
    return this.kept;
  }
}

export async function readImportRows<S extends z.ZodType>(
  records: AsyncIterable<CsvRecord>,
  options: { required: readonly string[]; schema: S },
): Promise<{
  rows: { line: number; row: z.output<S> }[];
  /** Rows that failed a check, with only their cells that passed (to resolve against the store all the same). */
  rejected: CsvRecord[];
  read: number;
  preview: CsvRecord[];
  problems: ImportProblems;
}> {
  const problems = new ImportProblems();
  const rows: { line: number; row: z.output<S> }[] = [];
  const rejected: CsvRecord[] = [];
  const reject = (record: CsvRecord, badColumns: Set<string>) =>
    rejected.push({
      line: record.line,
      values: Object.fromEntries(
        Object.entries(record.values).filter(
          ([column, value]) => !badColumns.has(column) && !value.includes("\u0000"),
        ),
      ),
    });
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
      reject(record, new Set([unstorable[0]]));
      continue;
    }
    const parsed = options.schema.safeParse(record.values);
    if (!parsed.success) {
      const badColumns = new Set<string>();
      for (const issue of parsed.error.issues) {
        const column = String(issue.path[0] ?? "");
        badColumns.add(column);
        problems.add(record.line, column, issue.message);
      }
      reject(record, badColumns);
      continue;
    }
    rows.push({ line: record.line, row: parsed.data });
  }
  if (!checkedHeader) problems.add(1, "", "The file is empty: it needs a header row and at least one line.");
  return { rows, rejected, read, preview, problems };
}
