import type { ImportCheck, ImportEvent } from "@/lib/schemas/imports";
import { ApiError } from "./api-client";
import { operationUrl } from "./call-api";

/** A CSV import's two calls, check then import (text/csv bodies, so outside `callApi`'s JSON). */

type ImportOperation =
  | "checkInboundShipmentImport"
  | "importInboundShipments"
  | "checkInventoryCountImport"
  | "importInventoryCounts"
  | "checkProductImport"
  | "importProducts"
  | "checkBinImport"
  | "importBins"
  | "checkSupplierImport"
  | "importSuppliers";

/** An import's query: the location of a location's own bins file (`location_id`). */
export type ImportQuery = { location_id?: string };

async function post(operation: ImportOperation, storeId: string, file: Blob, query: ImportQuery = {}) {
  let response: Response;
  try {
    response = await fetch(operationUrl(operation, { params: { storeId }, query } as never), {
      method: "POST",
      headers: { "Content-Type": "text/csv" },
      body: file,
      credentials: "same-origin",
    });
  } catch {
    throw new ApiError(
      0,
      { detail: "The server could not be reached. Check your connection and retry." },
      null,
    );
  }
  if (!response.ok) {
    const problem = (await response.json().catch(() => ({}))) as ConstructorParameters<typeof ApiError>[1];
    throw new ApiError(response.status, problem, response.headers.get("x-request-id"));
  }
  return response;
}

/** What importing the file would do: counts, every problem by line and column, the first lines. */
export async function checkImport(
  operation: Extract<ImportOperation, `check${string}`>,
  storeId: string,
  file: Blob,
  query?: ImportQuery,
): Promise<ImportCheck> {
  const response = await post(operation, storeId, file, query);
  return ((await response.json()) as { import: ImportCheck }).import;
}

/** Imports the file, calling `onProgress` as the server writes batches; resolves with the summary. */
export async function runImport(
  operation: Exclude<ImportOperation, `check${string}`>,
  storeId: string,
  file: Blob,
  onProgress: (done: number, total: number) => void,
  query?: ImportQuery,
): Promise<Extract<ImportEvent, { type: "done" }>["summary"]> {
  const response = await post(operation, storeId, file, query);
  const reader = (response.body as ReadableStream<Uint8Array>).getReader();
  const decoder = new TextDecoder();
  let buffered = "";
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    buffered += decoder.decode(value, { stream: true });
    const lines = buffered.split("\n");
    buffered = lines.pop() ?? "";
    for (const line of lines.filter((l) => l.trim() !== "")) {
      const event = JSON.parse(line) as ImportEvent;
      if (event.type === "progress") onProgress(event.done, event.total);
      else if (event.type === "done") return event.summary;
      else throw new ApiError(500, { detail: event.detail }, response.headers.get("x-request-id"));
    }
  }
  throw new ApiError(
    500,
    { detail: "The import ended without a summary; check the list before importing again." },
    null,
  );
}
