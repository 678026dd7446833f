import { sql } from "drizzle-orm";
import type { Db } from "../../db";
import type { LabelSubjectType } from "../../enums/labels";
import type { Label } from "../../labels";
import type { FieldIssue } from "../errors";
import { ItemNotFoundError, NotFoundError, ValidationError } from "../errors";
import { assignLicensePlates } from "./license-plates";

/**
 * What to print, per kind of subject (the API's request bodies, validated). A new kind (a bin) is one member
 * here, one value of LABEL_SUBJECT_TYPES and one loader in LABEL_SUBJECTS below: the compiler asks for each.
 */
export type LabelRequest =
  | { type: "return"; id: string; itemIds?: readonly string[] }
  | {
      type: "inbound_shipment";
      id: string;
      kind: "lines" | "cartons";
      lineIds?: readonly string[];
      unitsPerCarton?: number;
    }
  | { type: "inventory_item"; id: string; copies: number }
  | { type: "location"; id: string; copies: number }
  | { type: "bin"; id: string; copies: number };

type Loaded = { labels: Label[]; details: Record<string, unknown> };
type Loader<T extends LabelSubjectType> = (
  tx: Db,
  storeId: string,
  request: Extract<LabelRequest, { type: T }>,
) => Promise<Loaded>;

const present = (...parts: (string | null | undefined)[]) =>
  parts.filter((part): part is string => typeof part === "string" && part.trim() !== "");

/** A return's items, each with its license plate (given now if it has none): the plate is the code. */
const returnLabels: Loader<"return"> = async (tx, storeId, request) => {
  const { rows } = await tx.execute<{
    id: string;
    order_name: string;
    product_name: string | null;
    variant_name: string | null;
    sku: string | null;
  }>(sql`
    select ri.id, o.name as order_name, li.product_name, li.variant_name, coalesce(ri.sku, li.sku) as sku
    from returns r join orders o on o.id = r.order_id
    join return_items ri on ri.return_id = r.id
    left join order_line_items li on li.id = ri.order_line_item_id
    where r.id = ${request.id} and r.store_id = ${storeId}
    order by ri.position, ri.id`);
  if (rows.length === 0) {
    const [found] = (
      await tx.execute(sql`select 1 from returns where id = ${request.id} and store_id = ${storeId}`)
    ).rows;
    if (!found) throw new NotFoundError("return", request.id);
  }
  const known = new Set(rows.map((row) => row.id));
  const unknown = (request.itemIds ?? []).flatMap((id, index) => (known.has(id) ? [] : [{ index, id }]));
  if (unknown.length > 0) throw new ItemNotFoundError(unknown, (index) => `item_ids.${index}`);
  const wanted = request.itemIds ? new Set(request.itemIds) : known;
  const items = rows.filter((row) => wanted.has(row.id));
  const plates = await assignLicensePlates(
    tx,
    items.map((item) => item.id),
  );
  return {
    labels: items.map((item) => ({
      code: plates.get(item.id) ?? "",
      title: item.product_name ?? "Returned item",
      lines: present(
        item.variant_name,
        `Return for ${item.order_name}`,
        item.sku && `SKU ${item.sku}`,
        `Item ${rows.indexOf(item) + 1} of ${rows.length}`,
      ),
    })),
    details: { itemIds: items.map((item) => item.id) },
  };
};

/**
 * A shipment's lines: one label per line whose code is the line's id, or per carton of a line, coded
 * `<units>*<line id>`: Receive mode reads that as "this many units of that line" (components/shipments/
 * receive/scan.ts), and the search finds the shipment by either.
 */
const shipmentLabels: Loader<"inbound_shipment"> = async (tx, storeId, request) => {
  const { rows } = await tx.execute<{
    id: string;
    quantity: number;
    reference: string;
    product: string | null;
    variant: string | null;
    sku: string | null;
  }>(sql`
    select si.id, si.quantity, coalesce(s.shipment_id, s.id) as reference,
      p.title as product, v.title as variant, v.sku
    from inbound_shipments s
    join inbound_shipment_items si on si.shipment_id = s.id
    left join product_variants v on v.id = si.variant_id
    left join products p on p.id = v.product_id
    where s.id = ${request.id} and s.store_id = ${storeId}
    order by si.position, si.id`);
  if (rows.length === 0) {
    const [found] = (
      await tx.execute(
        sql`select 1 from inbound_shipments where id = ${request.id} and store_id = ${storeId}`,
      )
    ).rows;
    if (!found) throw new NotFoundError("inbound-shipment", request.id);
  }
  const known = new Set(rows.map((row) => row.id));
  const issues: FieldIssue[] = (request.lineIds ?? []).flatMap((id, index) =>
    known.has(id)
      ? []
      : [
          {
            path: `line_ids.${index}`,
            message: `No line with id ${JSON.stringify(id)} is on this shipment.`,
          },
        ],
  );
  if (issues.length > 0)
    throw new ValidationError("inbound-shipment", issues, "Some lines are not on this shipment.");
  const wanted = request.lineIds ? new Set(request.lineIds) : known;
  const lines = rows.filter((row) => wanted.has(row.id));
  const describe = (line: (typeof lines)[number]) => ({
    title: line.product ?? "Shipment line",
    facts: present(line.variant, line.sku && `SKU ${line.sku}`, `Shipment ${line.reference}`),
  });
  if (request.kind === "lines") {
    return {
      labels: lines.map((line) => {
        const { title, facts } = describe(line);
        return { code: line.id, title, lines: [...facts, `${line.quantity} expected`] };
      }),
      details: { kind: "lines", lineIds: lines.map((line) => line.id) },
    };
  }
  const perCarton = request.unitsPerCarton ?? 1;
  const cartonCount = lines.reduce((total, line) => total + Math.ceil(line.quantity / perCarton), 0);
  checkCount(cartonCount, "units_per_carton");
  return {
    labels: lines.flatMap((line) => {
      const { title, facts } = describe(line);
      const cartons = Math.ceil(line.quantity / perCarton);
      return Array.from({ length: cartons }, (_, k) => {
        const units = Math.min(perCarton, line.quantity - k * perCarton);
        return {
          code: `${units}*${line.id}`,
          title,
          lines: [...facts, `Carton ${k + 1} of ${cartons} · ${units} units`],
        };
      });
    }),
    details: { kind: "cartons", lineIds: lines.map((line) => line.id), unitsPerCarton: perCarton },
  };
};

/** An inventory item: its product's UPC/EAN where it has one (what a scanner at the shelf reads), else its SKU, else its id. */
const inventoryItemLabels: Loader<"inventory_item"> = async (tx, storeId, request) => {
  const [item] = (
    await tx.execute<{
      id: string;
      name: string | null;
      sku: string | null;
      upc: string | null;
      variant: string | null;
    }>(sql`
      select ii.id, coalesce(ii.name, p.title) as name, ii.sku,
        case when ii.kind = 'PRODUCT' then v.upc end as upc, v.title as variant
      from inventory_items ii
      left join product_variants v on v.id = ii.variant_id
      left join products p on p.id = v.product_id
      where ii.id = ${request.id} and ii.store_id = ${storeId}`)
  ).rows;
  if (!item) throw new NotFoundError("inventory-item", request.id);
  const label: Label = {
    code: item.upc ?? item.sku ?? item.id,
    gtin: item.upc !== null,
    title: item.name ?? item.sku ?? "Inventory item",
    lines: present(item.variant, item.sku && `SKU ${item.sku}`),
  };
  return { labels: Array(request.copies).fill(label), details: { code: label.code } };
};

/** A location: its id is the code (a location has no other code of its own yet). */
const locationLabels: Loader<"location"> = async (tx, storeId, request) => {
  const [location] = (
    await tx.execute<{ id: string; name: string; city: string | null; country: string | null }>(sql`
      select id, name, city, country from locations where id = ${request.id} and store_id = ${storeId}`)
  ).rows;
  if (!location) throw new NotFoundError("location", request.id);
  const label: Label = {
    code: location.id,
    title: location.name,
    lines: present([location.city, location.country].filter(Boolean).join(", ")),
  };
  return { labels: Array(request.copies).fill(label), details: {} };
};

/** A bin: its code is the barcode, what Move on the item page and the search read when scanned. */
const binLabels: Loader<"bin"> = async (tx, storeId, request) => {
  const [bin] = (
    await tx.execute<{ code: string; zone: string | null; location: string }>(sql`
      select b.code, b.zone, l.name as location from bins b
      join locations l on l.store_id = b.store_id and l.id = b.location_id
      where b.id = ${request.id} and b.store_id = ${storeId}`)
  ).rows;
  if (!bin) throw new NotFoundError("bin", request.id);
  const label: Label = {
    code: bin.code,
    title: `Bin ${bin.code}`,
    lines: present(bin.zone && `Zone ${bin.zone}`, bin.location),
  };
  return { labels: Array(request.copies).fill(label), details: { code: bin.code } };
};

export const LABEL_SUBJECTS: { [T in LabelSubjectType]: Loader<T> } = {
  return: returnLabels,
  inbound_shipment: shipmentLabels,
  inventory_item: inventoryItemLabels,
  location: locationLabels,
  bin: binLabels,
};

/** The most labels one request makes: a 500-line shipment in cartons of 1 is 5,000 pages already. */
export const MAX_LABELS = 5_000;

export function checkCount(count: number, path: string): void {
  if (count > MAX_LABELS) {
    throw new ValidationError(
      "label",
      [
        {
          path,
          message: `That is ${count.toLocaleString("en-US")} labels; one print makes at most ${MAX_LABELS.toLocaleString("en-US")}.`,
        },
      ],
      "Too many labels for one print.",
    );
  }
}
