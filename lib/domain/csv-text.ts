import { stringify } from "csv-stringify/sync";

/**
 * CSV text as the API's downloads write it (docs/csv.md): RFC 4180 by csv-stringify, a byte-order mark so
 * Excel reads UTF-8, and a value a spreadsheet would run as a formula (it starts with =, +, -, @, tab or
 * carriage return) prefixed with an apostrophe. One home for the downloads (lib/api/csv.ts) and the
 * scheduled reports' attachments, so a report's file is the list's export byte for byte.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined): string | number {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return value;
  return FORMULA_START.test(value) ? `'${value}` : value;
}

/** The first line: the byte-order mark and the column names. */
export function csvHeader(columns: readonly string[]): string {
  return `\uFEFF${stringify([columns as string[]])}`;
}

/** A batch as text: rows to write, or CSV text already rendered (by the database) with its line breaks. */
export function csvBatch(batch: (string | number | null)[][] | string): string {
  return typeof batch === "string" ? batch : stringify(batch.map((row) => row.map(csvCell)));
}
