import { Readable } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { parse } from "csv-parse";
import { HttpProblem } from "./problem";

/**
 * Streamed CSV uploads (imports, docs/csv.md): the body is parsed as it arrives by csv-parse, one record at a
 * time, so a 100,000-line file never sits whole in memory. The header row names the columns; a byte-order mark
 * is dropped, surrounding spaces trimmed and empty lines skipped.
 */

/** 415 unless the body is declared `text/csv`; 413 when the declared length is over `limit`. */
export function assertCsvUpload(request: Request, limit: number): void {
  const contentType = request.headers.get("content-type") ?? "";
  const mediaType = contentType.split(";")[0]?.trim().toLowerCase();
  if (mediaType !== "text/csv") {
    throw new HttpProblem(
      415,
      "request/unsupported-media-type",
      `Send the file as CSV with "Content-Type: text/csv"${contentType ? `, not "${contentType}"` : ""}.`,
      { headers: { "Accept-Post": "text/csv" } },
    );
  }
  const declared = Number(request.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > limit) throw tooLarge(limit);
}

function tooLarge(limit: number): HttpProblem {
  return new HttpProblem(
    413,
    "request/too-large",
    `The file exceeds the limit of ${limit.toLocaleString("en-US")} bytes.`,
  );
}

/** A record and the line of the file it started on (the header is line 1). */
export type CsvRecord = { line: number; values: Record<string, string> };

/**
 * The body's records, each with its line number. A malformed file (an unclosed quote, a row with more cells
 * than the header) is a 400 naming the line; a body past `limit` bytes is a 413, whatever its declared length.
 */
export async function* readCsvRecords(
  request: Request,
  options: { limit: number; resource: string },
): AsyncGenerator<CsvRecord> {
  if (!request.body) return;
  let bytes = 0;
  const source = Readable.fromWeb(request.body as unknown as WebReadableStream<Uint8Array>);
  const parser = parse({
    bom: true,
    columns: (header: string[]) => header.map((name) => name.trim()),
    skip_empty_lines: true,
    trim: true,
    info: true,
  });
  source.on("data", (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes > options.limit) source.destroy(tooLarge(options.limit));
  });
  source.on("error", (error) => parser.destroy(error));
  source.pipe(parser);
  try {
    for await (const entry of parser as AsyncIterable<{
      record: Record<string, string>;
      info: { lines: number };
    }>) {
      yield { line: entry.info.lines, values: entry.record };
    }
  } catch (error) {
    if (error instanceof HttpProblem) throw error;
    const message = error instanceof Error ? error.message : String(error);
    throw new HttpProblem(400, `${options.resource}/invalid-csv`, `The file is not valid CSV: ${message}`);
  }
}
