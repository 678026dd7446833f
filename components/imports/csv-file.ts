/**
 * The work on a CSV file before it is sent (docs/csv.md "Import"): the header row is read from the file's first
 * bytes, each expected column is matched to a header by name, label or alias, and the file is sent with only its
 * header row rewritten, the rest streamed from disk as it is.
 */

export type ImportColumnSpec = { name: string; label: string; required: boolean; aliases: readonly string[] };
export type ColumnMapping = Record<string, string>;

const normalize = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_|_$/g, "");

/** Each expected column's header in the file, matched by its name, label or a common alias; "" when none. */
export function guessMapping(
  columns: readonly ImportColumnSpec[],
  headers: readonly string[],
): ColumnMapping {
  const byName = new Map(headers.map((h) => [normalize(h), h]));
  return Object.fromEntries(
    columns.map((column) => {
      const candidates = [column.name, normalize(column.label), ...column.aliases];
      return [column.name, candidates.map((c) => byName.get(c)).find(Boolean) ?? ""];
    }),
  );
}

export type CsvSource = { file: File; headers: string[]; bodyStart: number; newline: string };

/** The header row of a file, where its first data line starts (in bytes) and the file's line ending. */
export async function readHeader(file: File): Promise<CsvSource> {
  const bytes = new Uint8Array(await file.slice(0, 64 * 1024).arrayBuffer());
  const newline = bytes.indexOf(10);
  const end = newline < 0 ? bytes.length : newline + 1;
  const text = new TextDecoder().decode(bytes.slice(0, end));
  // The parser (~15 KB gzipped) is fetched when a file is chosen, not with the import page.
  const { parse } = await import("csv-parse/browser/esm/sync");
  const [headers = []] = parse(text, { bom: true, relax_column_count: true }) as string[][];
  return {
    file,
    headers: headers.map((h) => h.trim()),
    bodyStart: end,
    newline: newline > 0 && bytes[newline - 1] === 13 ? "\r\n" : "\n",
  };
}

const quote = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/**
 * The file with its header row replaced: mapped columns take their expected names, the others a name the
 * import ignores. The data lines are the file's own bytes (a Blob slice: nothing is copied into memory), after a
 * header ending like the file's lines (the server's parser numbers lines by the first ending it meets).
 */
export function remapFile(source: CsvSource, mapping: ColumnMapping): Blob {
  const nameOf = new Map(
    Object.entries(mapping).flatMap(([column, header]) => (header ? [[header, column]] : [])),
  );
  const header = source.headers.map((h, i) => quote(nameOf.get(h) ?? `ignored_${i + 1}`)).join(",");
  return new Blob([`${header}${source.newline}`, source.file.slice(source.bodyStart)], { type: "text/csv" });
}
