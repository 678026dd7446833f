import type { Db } from "../db";
import type { Actor } from "../domain/actor";
import { type BinImportPlan, commitBinImport, planBinImport } from "../domain/bins/import-bins";
import { ValidationError } from "../domain/errors";
import { commitShipmentImport } from "../domain/inbound-shipments/import-commit";
import { type ImportPlan, planShipmentImport } from "../domain/inbound-shipments/import-plan";
import {
  type CountImportPlan,
  commitCountImport,
  planCountImport,
} from "../domain/inventory-levels/import-counts";
import {
  commitProductImport,
  type ProductImportPlan,
  planProductImport,
} from "../domain/products/import-products";
import {
  commitSupplierImport,
  planSupplierImport,
  type SupplierImportPlan,
} from "../domain/suppliers/import-suppliers";
import { graceEndedSignal } from "../health/lifecycle";
import { startTransfer } from "../metrics/registry";
import { IMPORT_FILE_LIMIT, type ImportCheck, type ImportEvent } from "../schemas/imports";
import { readCsvRecords } from "./csv-upload";

/**
 * CSV imports' two answers (docs/csv.md "Import"): the check's report and the import's NDJSON stream, for every
 * kind of file (shipments, stock counts, products, bins, suppliers). Each kind reads its file into a plan (every row checked, nothing
 * written) and commits a plan in one transaction.
 */

type Checked = Omit<ImportCheck, "errors"> & { errors: ImportCheck["errors"] };
type Summary = Extract<ImportEvent, { type: "done" }>["summary"];
type Commit = (onProgress: (done: number, total: number) => void) => Promise<Summary>;

export type ImportKind<P> = {
  resource: string;
  read(db: Db, storeId: string, request: Request): Promise<P>;
  check(plan: P): Checked;
  commit(db: Db, input: { storeId: string; publicUrl: string; actor: Actor }, plan: P): Commit;
};

const records = (request: Request, resource: string) =>
  readCsvRecords(request, { limit: IMPORT_FILE_LIMIT, resource });

export const SHIPMENTS: ImportKind<ImportPlan> = {
  resource: "inbound-shipment",
  read: (db, storeId, request) => planShipmentImport(db, storeId, records(request, "inbound-shipment")),
  check: (plan) => {
    const count = (action: string) => plan.shipments.filter((s) => s.action === action).length;
    return {
      rows: plan.rows,
      create: count("create"),
      update: count("update"),
      unchanged: count("unchanged"),
      lines: plan.shipments.filter((s) => s.action !== "unchanged").reduce((n, s) => n + s.lines.length, 0),
      error_count: plan.errorCount,
      errors: plan.errors,
      preview: plan.preview,
    };
  },
  commit: (db, input, plan) => (onProgress) => commitShipmentImport(db, input, plan, onProgress),
};

export const COUNTS: ImportKind<CountImportPlan> = {
  resource: "inventory-level",
  read: (db, storeId, request) => planCountImport(db, storeId, records(request, "inventory-level")),
  check: (plan) => ({
    rows: plan.rows,
    create: plan.counts.filter((c) => c.action === "create").length,
    update: plan.counts.filter((c) => c.action === "update").length,
    unchanged: plan.counts.filter((c) => c.action === "unchanged").length,
    lines: plan.counts.filter((c) => c.action !== "unchanged").length,
    error_count: plan.errorCount,
    errors: plan.errors,
    preview: plan.preview,
  }),
  commit: (db, input, plan) => (onProgress) => commitCountImport(db, input, plan, onProgress),
};

/** The catalog: `create`, `update` and `unchanged` count products; `lines` the variants written. */
export const PRODUCTS: ImportKind<ProductImportPlan> = {
  resource: "product",
  read: (db, storeId, request) => planProductImport(db, storeId, records(request, "product")),
  check: (plan) => ({
    rows: plan.rows,
    create: plan.changes.created,
    update: plan.changes.updated,
    unchanged: plan.changes.unchanged,
    lines: plan.changes.variants,
    error_count: plan.errorCount,
    errors: plan.errors,
    preview: plan.preview,
  }),
  commit: (db, input, plan) => (onProgress) => commitProductImport(db, input, plan, onProgress),
};

/** Bins (docs/bins.md): `create`, `update` and `unchanged` count bins; rows without a location go to `locationId`. */
export function binsImport(locationId: string | undefined): ImportKind<BinImportPlan> {
  return {
    resource: "bin",
    read: (db, storeId, request) => planBinImport(db, { storeId, locationId }, records(request, "bin")),
    check: (plan) => ({
      rows: plan.rows,
      create: plan.bins.filter((bin) => bin.action === "create").length,
      update: plan.bins.filter((bin) => bin.action === "update").length,
      unchanged: plan.bins.filter((bin) => bin.action === "unchanged").length,
      lines: plan.bins.filter((bin) => bin.action !== "unchanged").length,
      error_count: plan.errorCount,
      errors: plan.errors,
      preview: plan.preview,
    }),
    commit: (db, input, plan) => (onProgress) => commitBinImport(db, input, plan, onProgress),
  };
}

/** Suppliers (docs/suppliers.md): `create`, `update` and `unchanged` count suppliers. */
export const SUPPLIERS: ImportKind<SupplierImportPlan> = {
  resource: "supplier",
  read: (db, storeId, request) => planSupplierImport(db, storeId, records(request, "supplier")),
  check: (plan) => ({
    rows: plan.rows,
    create: plan.suppliers.filter((supplier) => supplier.action === "create").length,
    update: plan.suppliers.filter((supplier) => supplier.action === "update").length,
    unchanged: plan.suppliers.filter((supplier) => supplier.action === "unchanged").length,
    lines: plan.suppliers.filter((supplier) => supplier.action !== "unchanged").length,
    error_count: plan.errorCount,
    errors: plan.errors,
    preview: plan.preview,
  }),
  commit: (db, input, plan) => (onProgress) => commitSupplierImport(db, input, plan, onProgress),
};

/** Thrown at the write's next progress point once the shutdown's grace has ended: rolls its transaction back. */
class StoppedByShutdown extends Error {}

const STOPPED_DETAIL =
  "The server is shutting down and stopped the import before it finished; nothing was written. Send the file again.";

/**
 * A 400 naming every problem when the file has any; otherwise the write, streamed as NDJSON progress lines and
 * a summary. The write runs while the answer streams; its transaction makes it all or nothing.
 *
 * When the server's shutdown grace ends first (`stopped`), the write is stopped at its next progress point, which
 * rolls it back; if one is still to come (the last progress line said less than the total), the rollback is
 * certain, so the error line goes out at once, while the connection is still open. After the last progress point
 * the write is nearly done: its own outcome is sent.
 */
export function importStream(
  resource: string,
  checked: Checked,
  commit: Commit,
  stopped: AbortSignal = graceEndedSignal(),
): Response {
  if (checked.error_count > 0) {
    throw new ValidationError(
      resource,
      checked.errors.map((e) => ({
        path: `lines.${e.line}${e.column ? `.${e.column}` : ""}`,
        message: e.message,
      })),
      `The file has ${checked.error_count} ${checked.error_count === 1 ? "problem" : "problems"}; nothing was imported.`,
    );
  }
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      let closed = false;
      const send = (event: ImportEvent) => {
        if (!closed) controller.enqueue(encoder.encode(`${JSON.stringify(event)}\n`));
      };
      const close = () => {
        if (closed) return;
        closed = true;
        controller.close();
      };
      let progressAhead = false;
      const onStopped = () => {
        if (!progressAhead) return;
        send({ type: "error", detail: STOPPED_DETAIL });
        close();
      };
      stopped.addEventListener("abort", onStopped, { once: true });
      const end = startTransfer("import");
      try {
        const summary = await commit((done, total) => {
          if (stopped.aborted) throw new StoppedByShutdown();
          progressAhead = done < total;
          send({ type: "progress", done, total });
        });
        send({ type: "done", summary });
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        send({
          type: "error",
          detail:
            error instanceof StoppedByShutdown
              ? STOPPED_DETAIL
              : `The import failed and nothing was written: ${reason}`,
        });
      } finally {
        stopped.removeEventListener("abort", onStopped);
        end();
      }
      close();
    },
  });
  return new Response(stream, {
    headers: { "Content-Type": "application/x-ndjson", "Cache-Control": "no-store" },
  });
}
