import { stringify } from "csv-stringify/sync";
import { startTransfer } from "../metrics/registry";

/**
 * CSV downloads of the API (docs/csv.md): RFC 4180 text written by csv-stringify (quoting, embedded
 * newlines and quotes), streamed a batch at a time so the first bytes leave at once and memory stays flat.
 * A value that a spreadsheet would run as a formula (it starts with =, +, -, @, tab or carriage return) is
 * prefixed with an apostrophe: merchants open exports in Excel, and a carrier name is not a formula.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: string | number | null | undefined): string | number {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return value;
  return FORMULA_START.test(value) ? `'${value}` : value;
}

export function csvResponse(
  filename: string,
  columns: readonly string[],
  /** Rows to write, or CSV text already rendered (by the database) with its line breaks. */
  batches: AsyncIterable<(string | number | null)[][] | string>,
): Response {
  const encoder = new TextEncoder();
  const iterator = batches[Symbol.asyncIterator]();
  let headerSent = false;
  // Running from now until the last batch, a failure or the client going away (metrics).
  const end = startTransfer("export");
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (!headerSent) {
        headerSent = true;
        // A byte-order mark, so Excel reads the file as UTF-8.
        controller.enqueue(encoder.encode(`\uFEFF${stringify([columns as string[]])}`));
        return;
      }
      let next: IteratorResult<(string | number | null)[][] | string>;
      try {
        next = await iterator.next();
      } catch (error) {
        end();
        throw error;
      }
      if (next.done) {
        end();
        controller.close();
        return;
      }
      const text =
        typeof next.value === "string" ? next.value : stringify(next.value.map((row) => row.map(csvCell)));
      controller.enqueue(encoder.encode(text));
    },
    async cancel() {
      end();
      await iterator.return?.(undefined);
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename.replace(/[^A-Za-z0-9._-]/g, "_")}"`,
      "Cache-Control": "no-store",
    },
  });
}
