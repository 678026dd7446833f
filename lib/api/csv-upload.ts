import { Readable, Transform } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { parse } from "csv-parse";
import { HttpProblem } from "./problem";

/**
 * Streamed CSV uploads (imports, docs/csv.md): the body is parsed as it arrives by csv-parse, one record at a
 * time, so a 100,000-line file never sits whole in memory. The header row names the columns; a byte-order mark
 * is dropped, surrounding spaces trimmed and empty lines skipped.
 */

/** 415 unless the body is declared `text/csv` in a known charset; 413 when the declared length is over `limit`. */
export function assertCsvUpload(request: Request, limit: number): void {
  const contentType = request.headers.get("content-type") ?? "";
  const mediaType = contentType.split(";")[0]?.trim().toLowerCase();
  if (mediaType !== "text/csv" || !knownCharset(charsetOf(request))) {
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

/** The `charset` parameter of the Content-Type, UTF-8 when there is none. */
function charsetOf(request: Request): string {
  const contentType = request.headers.get("content-type") ?? "";
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(contentType);
  return match?.[1] ?? "utf-8";
}

function knownCharset(charset: string): boolean {
  try {
    new TextDecoder(charset);
    return true;
  } catch {
    return false;
  }
}

/**
 * The body's bytes as text in its declared charset (UTF-8 when none is declared), or a 400 at the first byte
 * that is not: decoding leniently would import U+FFFD where the file had "é" in Windows-1252, with no warning.
 */
function decodeText(charset: string, resource: string): Transform {
  const decoder = new TextDecoder(charset, { fatal: true });
  let line = 1;
  const invalid = (chunk: Buffer) => {
    // The line of the first byte that is not valid: newlines decoded before it, leniently.
    const lenient = new TextDecoder(charset).decode(chunk);
    const before = lenient.slice(0, Math.max(0, lenient.indexOf("\ufffd")));
    const at = line + (before.match(/\n/g)?.length ?? 0);
    return new HttpProblem(
      400,
      `${resource}/invalid-csv`,
      `The file is not valid ${charset === "utf-8" ? "UTF-8" : charset} (line ${at}). Save it as UTF-8 (Excel: ` +
        'CSV UTF-8), or declare its encoding: "Content-Type: text/csv; charset=windows-1252".',
    );
  };
  return new Transform({
    readableObjectMode: false,
    transform(chunk: Buffer, _encoding, done) {
      let text: string;
      try {
        text = decoder.decode(chunk, { stream: true });
      } catch {
        done(invalid(chunk));
        return;
      }
      line += text.match(/\n/g)?.length ?? 0;
      done(null, text);
    },
    flush(done) {
      try {
        done(null, decoder.decode());
      } catch {
        done(invalid(Buffer.alloc(0)));
      }
    },
  });
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
  const charset = charsetOf(request);
  if (!knownCharset(charset)) assertCsvUpload(request, options.limit);
  const text = decodeText(charset, options.resource);
  source.on("error", (error) => text.destroy(error));
  text.on("error", (error) => parser.destroy(error));
  source.pipe(text).pipe(parser);
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
