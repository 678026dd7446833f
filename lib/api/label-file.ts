import type { PrintedLabels } from "../domain/labels/print";

/** The answer of a print operation: the label file as an attachment, never cached (each print is recorded). */
export function labelFileResponse(printed: PrintedLabels): Response {
  const body = typeof printed.body === "string" ? printed.body : new Uint8Array(printed.body);
  return new Response(body, {
    headers: {
      "Content-Type": printed.contentType,
      "Content-Disposition": `attachment; filename="${printed.filename}"`,
      "Cache-Control": "no-store",
      "X-Label-Count": String(printed.count),
    },
  });
}
