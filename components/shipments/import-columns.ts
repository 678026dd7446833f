import { parse } from "csv-parse/browser/esm/sync";

/**
 * The shipments import's columns and the work on a file before it is sent (docs/csv.md "Import"): the header
 * row is read from the file's first bytes, each expected column is matched to a header by name, and the file
 * is sent with only its header row rewritten, the rest streamed from disk as it is.
 */

export const IMPORT_COLUMNS = [
  {
    name: "shipment_id",
    label: "Shipment reference",
    required: true,
    aliases: ["asn", "po", "po_number", "reference", "shipment"],
  },
  {
    name: "location",
    label: "Destination location",
    required: true,
    aliases: ["destination", "warehouse", "location_name", "location_id"],
  },
  { name: "sku", label: "SKU", required: true, aliases: ["item_sku", "product_sku", "variant_sku"] },
  {
    name: "quantity",
    label: "Expected units",
    required: true,
    aliases: ["qty", "expected_quantity", "units", "expected"],
  },
  { name: "status", label: "Status", required: false, aliases: [] },
  { name: "carrier", label: "Carrier", required: false, aliases: [] },
  { name: "tracking_number", label: "Tracking number", required: false, aliases: ["tracking"] },
  { name: "tracking_url", label: "Tracking link", required: false, aliases: ["tracking_link"] },
  {
    name: "estimated_arrival_date",
    label: "Expected arrival",
    required: false,
    aliases: ["eta", "arrival_date", "expected_arrival"],
  },
  { name: "freight_type", label: "Freight type", required: false, aliases: [] },
  { name: "payment_terms", label: "Payment terms", required: false, aliases: ["terms"] },
  { name: "freight_cost", label: "Freight cost", required: false, aliases: ["freight"] },
  { name: "duty_cost", label: "Duty cost", required: false, aliases: ["duty"] },
  { name: "currency", label: "Currency", required: false, aliases: [] },
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number]["name"];

/** The template a merchant starts from: every column and two lines of one shipment. */
export const IMPORT_TEMPLATE = [
  IMPORT_COLUMNS.map((c) => c.name).join(","),
  "PO-1001,Main warehouse,SKU-123,24,IN_TRANSIT,UPS,1Z999AA10123456784,https://www.ups.com/track?tracknum=1Z999AA10123456784,2026-12-15,Parcel,NET30,120.50,0.00,USD",
  "PO-1001,Main warehouse,SKU-456,12,,,,,,,,,,",
].join("\n");

const normalize = (text: string) =>
  text
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "_")
    .replace(/^_|_$/g, "");

/** Each expected column's header in the file, matched by its name, label or a common alias; "" when none. */
export function guessMapping(headers: readonly string[]): Record<ImportColumn, string> {
  const byName = new Map(headers.map((h) => [normalize(h), h]));
  return Object.fromEntries(
    IMPORT_COLUMNS.map((column) => {
      const candidates = [column.name, normalize(column.label), ...column.aliases];
      return [column.name, candidates.map((c) => byName.get(c)).find(Boolean) ?? ""];
    }),
  ) as Record<ImportColumn, string>;
}

/** The header row of a file, where its first data line starts (in bytes) and the file's line ending. */
export async function readHeader(
  file: File,
): Promise<{ headers: string[]; bodyStart: number; newline: string }> {
  const bytes = new Uint8Array(await file.slice(0, 64 * 1024).arrayBuffer());
  const newline = bytes.indexOf(10);
  const end = newline < 0 ? bytes.length : newline + 1;
  const text = new TextDecoder().decode(bytes.slice(0, end));
  const [headers = []] = parse(text, { bom: true, relax_column_count: true }) as string[][];
  return {
    headers: headers.map((h) => h.trim()),
    bodyStart: end,
    newline: newline > 0 && bytes[newline - 1] === 13 ? "\r\n" : "\n",
  };
}

const quote = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value);

/**
 * The file with its header row replaced: mapped columns take their expected names, the others a name the
 * import ignores. The data lines are the file's own bytes (a Blob slice: nothing is copied into memory).
 */
export function remapFile(
  file: File,
  source: { headers: readonly string[]; bodyStart: number; newline: string },
  mapping: Record<ImportColumn, string>,
): Blob {
  const { headers, bodyStart, newline } = source;
  const nameOf = new Map(
    Object.entries(mapping).flatMap(([column, header]) => (header ? [[header, column]] : [])),
  );
  const header = headers.map((h, i) => quote(nameOf.get(h) ?? `ignored_${i + 1}`)).join(",");
  // The file's own line ending: the parser numbers lines by the first one it meets.
  return new Blob([`${header}${newline}`, file.slice(bodyStart)], { type: "text/csv" });
}
