import { and, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "../../db";
import { productVariants } from "../../db/schema";
import { type ImportError, readImportRows } from "../imports/read-rows";
import { locationsByKey } from "../locations/locations";
import { suppliersByKey } from "../suppliers/suppliers";
import { importAction, loadExistingShipments, receivingStarted, signature } from "./import-existing";

/**
 * Reading and checking a shipments CSV (docs/csv.md "Import"): one row per line, grouped into shipments by
 * `shipment_id`. Every row is checked before anything is written, and every problem is reported with its line
 * and column; the plan says per shipment whether it is created, updated (same `shipment_id`, nothing received
 * yet) or unchanged, so re-importing a file changes nothing.
 */

export const REQUIRED_IMPORT_COLUMNS = ["shipment_id", "location", "sku", "quantity"] as const;
export type { ImportError } from "../imports/read-rows";

const blankToUndefined = (value: unknown) => (value === "" ? undefined : value);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

const rowSchema = z.object({
  shipment_id: z.string().min(1, "Required: the shipment this line belongs to.").max(100),
  location: z.string().min(1, "Required: a location's name or id.").max(100),
  sku: z.string().min(1, "Required.").max(255),
  quantity: z
    .string()
    .regex(/^\d{1,7}$/, "A whole number of expected units, 1 or more.")
    .transform(Number)
    .pipe(z.int().min(1, "A whole number of expected units, 1 or more.")),
  status: optional(z.enum(["PENDING", "IN_TRANSIT"], { error: "PENDING or IN_TRANSIT (or empty)." })),
  carrier: optional(z.string().max(100)),
  tracking_number: optional(z.string().max(100)),
  tracking_url: optional(z.url({ protocol: /^https?$/, error: "An http(s) link." }).max(2000)),
  estimated_arrival_date: optional(z.iso.date({ error: "A date as YYYY-MM-DD." })),
  freight_type: optional(z.string().max(50)),
  payment_terms: optional(z.string().max(50)),
  freight_cost: optional(z.string().regex(/^\d{1,10}(\.\d{1,2})?$/, "An amount such as 120.50.")),
  duty_cost: optional(z.string().regex(/^\d{1,10}(\.\d{1,2})?$/, "An amount such as 120.50.")),
  currency: optional(z.string().regex(/^[A-Z]{3}$/, "A three-letter currency code such as USD.")),
  supplier: optional(z.string().max(255)),
  purchase_order: optional(z.string().max(100)),
  unit_cost: optional(z.string().regex(/^\d{1,10}(\.\d{1,2})?$/, "An amount such as 4.25.")),
});
type Row = z.infer<typeof rowSchema>;
const HEADER_FIELDS = [
  "location",
  "status",
  "carrier",
  "tracking_number",
  "tracking_url",
  "estimated_arrival_date",
  "freight_type",
  "payment_terms",
  "freight_cost",
  "duty_cost",
  "currency",
  "supplier",
  "purchase_order",
] as const;
export type HeaderFields = Pick<Row, (typeof HEADER_FIELDS)[number]>;

/** A line as the file gives it: its SKU, expected units and (optional) unit cost. */
type FileLine = { line: number; sku: string; quantity: number; unitCost?: string };

export type PlannedShipment = {
  shipmentId: string;
  line: number;
  header: HeaderFields;
  locationId: string;
  /** The store's supplier the `supplier` cell names (by name, code or id); null when empty. */
  supplierId: string | null;
  lines: (FileLine & { variantId: string })[];
  action: "create" | "update" | "unchanged";
  /** The stored shipment an update or unchanged row refers to. */
  existingId?: string;
  /** That shipment's purchase order (its `po_` id is kept when the file keeps the name). */
  existingPurchaseOrder?: { id: string; name: string } | null;
};

export type ImportPlan = {
  rows: number;
  shipments: PlannedShipment[];
  errors: ImportError[];
  errorCount: number;
  preview: { line: number; values: Record<string, string> }[];
};

/** The signature (import-existing.ts) of a shipment as the file describes it. */
export function importSignature(
  shipment: Pick<PlannedShipment, "locationId" | "supplierId" | "header" | "lines">,
): string {
  return signature(
    shipment.locationId,
    shipment.supplierId,
    shipment.header,
    shipment.lines.map((l) => [
      l.variantId,
      l.quantity,
      l.unitCost === undefined ? null : Number(l.unitCost).toFixed(2),
    ]),
  );
}

/** Reads every record, then resolves locations, SKUs and existing shipments in batches. */
export async function planShipmentImport(
  db: Db,
  storeId: string,
  records: AsyncIterable<{ line: number; values: Record<string, string> }>,
): Promise<ImportPlan> {
  const {
    rows: valid,
    rejected,
    read: rows,
    preview,
    problems,
  } = await readImportRows(records, {
    required: REQUIRED_IMPORT_COLUMNS,
    schema: rowSchema,
  });
  const fail = problems.add.bind(problems);
  const groups = new Map<string, Group>();
  for (const { line, row } of valid) {
    const group = groups.get(row.shipment_id);
    const header = Object.fromEntries(HEADER_FIELDS.map((field) => [field, row[field]])) as HeaderFields;
    if (!group) {
      groups.set(row.shipment_id, {
        line: line,
        header,
        lines: [{ line, sku: row.sku, quantity: row.quantity, unitCost: row.unit_cost }],
      });
      continue;
    }
    // Shipment columns may be repeated on every line or given once; two different values are a mistake.
    for (const field of HEADER_FIELDS) {
      const value = header[field];
      if (value === undefined) continue;
      if (group.header[field] === undefined) (group.header as Record<string, unknown>)[field] = value;
      else if (group.header[field] !== value) {
        fail(
          line,
          field,
          `Differs from line ${group.line} of shipment ${row.shipment_id} (${String(group.header[field])}).`,
        );
      }
    }
    const twin = group.lines.find((l) => l.sku === row.sku);
    if (twin) fail(line, "sku", `This SKU is already on line ${twin.line} of shipment ${row.shipment_id}.`);
    else group.lines.push({ line, sku: row.sku, quantity: row.quantity, unitCost: row.unit_cost });
  }

  const shipments = await resolve(db, storeId, groups, rejected, fail);
  return { rows, shipments, errors: problems.listed, errorCount: problems.count, preview };
}

type Group = { line: number; header: HeaderFields; lines: FileLine[] };

async function resolve(
  db: Db,
  storeId: string,
  groups: Map<string, Group>,
  rejected: readonly { line: number; values: Record<string, string> }[],
  fail: (line: number, column: string, message: string) => void,
): Promise<PlannedShipment[]> {
  const locationByKey = await locationsByKey(db, storeId);
  const locationOf = (key: string) => locationByKey.get(key) ?? locationByKey.get(key.toLowerCase());
  const supplierOf = await suppliersByKey(db, storeId);
  const unknownSupplier = (key: string) =>
    `No supplier of this store is named, coded or has the id "${key}"; add it in Settings → Suppliers.`;
  const skus = [
    ...new Set([
      ...[...groups.values()].flatMap((g) => g.lines.map((l) => l.sku)),
      ...rejected.flatMap((r) => (r.values.sku ? [r.values.sku] : [])),
    ]),
  ];
  const variantBySku = new Map<string, string>();
  for (let i = 0; i < skus.length; i += 1000) {
    const rows = await db
      .select({ id: productVariants.id, sku: productVariants.sku })
      .from(productVariants)
      .where(
        and(eq(productVariants.storeId, storeId), inArray(productVariants.sku, skus.slice(i, i + 1000))),
      );
    for (const row of rows) variantBySku.set(row.sku as string, row.id);
  }
  const existing = await loadExistingShipments(db, storeId, [...groups.keys()]);
  const unknownSku = (sku: string) => `No product variant has the SKU "${sku}" in this store's catalog.`;
  const unknownLocation = (key: string | undefined) =>
    `No location of this store is named or has the id "${key}".`;

  // Rows refused for their format are not planned, but what they name is checked now, not after a fix.
  for (const { line, values } of rejected) {
    if (values.location && !locationOf(values.location))
      fail(line, "location", unknownLocation(values.location));
    if (values.sku && !variantBySku.has(values.sku)) fail(line, "sku", unknownSku(values.sku));
    if (values.supplier && !supplierOf(values.supplier))
      fail(line, "supplier", unknownSupplier(values.supplier));
  }

  const planned: PlannedShipment[] = [];
  for (const [shipmentId, group] of groups) {
    const location = locationOf(group.header.location ?? "");
    if (!location) fail(group.line, "location", unknownLocation(group.header.location));
    else if (location.archivedAt)
      fail(group.line, "location", `${location.name} is archived; restore it or pick another.`);
    let ok = Boolean(location && !location.archivedAt);
    const supplierKey = group.header.supplier;
    const supplierId = supplierKey ? (supplierOf(supplierKey) ?? null) : null;
    if (supplierKey && !supplierId) {
      fail(group.line, "supplier", unknownSupplier(supplierKey));
      ok = false;
    }
    const lines = group.lines.map((line) => {
      const variantId = variantBySku.get(line.sku);
      if (!variantId) {
        fail(line.line, "sku", unknownSku(line.sku));
        ok = false;
      }
      return { ...line, variantId: variantId ?? "" };
    });
    const stored = existing.get(shipmentId);
    if (stored && stored.processed > 0) {
      fail(group.line, "shipment_id", receivingStarted(shipmentId));
      ok = false;
    }
    if (!ok || !location) continue;
    const shipment = {
      shipmentId,
      line: group.line,
      header: group.header,
      locationId: location.id,
      supplierId,
      lines,
    };
    planned.push({
      ...shipment,
      action: importAction(stored, importSignature(shipment)),
      existingId: stored?.id,
      existingPurchaseOrder: stored?.purchaseOrder ?? null,
    });
  }
  return planned;
}
