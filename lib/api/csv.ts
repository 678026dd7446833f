import { csvBatch, csvHeader } from "../domain/csv-text";
import { startTransfer } from "../metrics/registry";

export { csvCell } from "../domain/csv-text";

/**
 * CSV downloads of the API (docs/csv.md): RFC 4180 text written by csv-stringify (quoting, embedded
 * newlines and quotes), streamed a batch at a time so the first bytes leave at once and memory stays flat.
 * A value that a spreadsheet would run as a formula (it starts with =, +, -, @, tab or carriage return) is
 * prefixed with an apostrophe: merchants open exports in Excel, and a carrier name is not a formula.
 */

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
        controller.enqueue(encoder.encode(csvHeader(columns)));
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
      controller.enqueue(encoder.encode(csvBatch(next.value)));
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
