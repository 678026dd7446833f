import { readConfig } from "../config";
import type { Db } from "../db";
import { ValidationError } from "../domain/errors";
import { commitShipmentImport } from "../domain/inbound-shipments/import-commit";
import { type ImportPlan, planShipmentImport } from "../domain/inbound-shipments/import-plan";
import { IMPORT_FILE_LIMIT, type ImportCheck, type ImportEvent } from "../schemas/imports";
import { readCsvRecords } from "./csv-upload";

/** The shipments CSV import's two answers (docs/csv.md "Import"): the check's report and the import's stream. */

export function readShipmentImport(db: Db, request: Request, storeId: string): Promise<ImportPlan> {
  return planShipmentImport(
    db,
    storeId,
    readCsvRecords(request, { limit: IMPORT_FILE_LIMIT, resource: "inbound-shipment" }),
  );
}

export function importCheck(plan: ImportPlan): ImportCheck {
  const count = (action: string) => plan.shipments.filter((s) => s.action === action).length;
  return {
    rows: plan.rows,
    shipments: plan.shipments.length,
    create: count("create"),
    update: count("update"),
    unchanged: count("unchanged"),
    lines: plan.shipments.filter((s) => s.action !== "unchanged").reduce((n, s) => n + s.lines.length, 0),
    error_count: plan.errorCount,
    errors: plan.errors,
    preview: plan.preview,
  };
}

/**
 * A 400 naming every problem when the file has any; otherwise the write, streamed as NDJSON progress lines and
 * a summary. The write runs while the answer streams; its transaction makes it all or nothing.
 */
export function importStream(db: Db, storeId: string, plan: ImportPlan): Response {
  if (plan.errorCount > 0) {
    throw new ValidationError(
      "inbound-shipment",
      plan.errors.map((e) => ({
        path: `lines.${e.line}${e.column ? `.${e.column}` : ""}`,
        message: e.message,
      })),
      `The file has ${plan.errorCount} ${plan.errorCount === 1 ? "problem" : "problems"}; nothing was imported.`,
    );
  }
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (event: ImportEvent) => controller.enqueue(encoder.encode(`${JSON.stringify(event)}\n`));
      try {
        const summary = await commitShipmentImport(
          db,
          { storeId, publicUrl: readConfig().publicUrl },
          plan,
          (done, total) => send({ type: "progress", done, total }),
        );
        send({ type: "done", summary });
      } catch (error) {
        send({
          type: "error",
          detail: `The import failed and nothing was written: ${error instanceof Error ? error.message : String(error)}`,
        });
      }
      controller.close();
    },
  });
  return new Response(stream, {
    headers: { "Content-Type": "application/x-ndjson", "Cache-Control": "no-store" },
  });
}
