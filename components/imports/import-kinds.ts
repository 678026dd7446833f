import type { ImportColumnSpec } from "./csv-file";

/** What can be imported from CSV in the app: the expected columns, a template and how results read. */
export type ImportKind = {
  /** The API's import operations (check, then import). */
  check:
    | "checkInboundShipmentImport"
    | "checkInventoryCountImport"
    | "checkProductImport"
    | "checkBinImport"
    | "checkSupplierImport";
  run:
    | "importInboundShipments"
    | "importInventoryCounts"
    | "importProducts"
    | "importBins"
    | "importSuppliers";
  title: string;
  description: string;
  /** "shipment" / "stock level" / "product": what create, update and unchanged count. */
  noun: [singular: string, plural: string];
  columns: readonly ImportColumnSpec[];
  /** The template file for a store: its amounts are in the store's currency, with that currency's decimals. */
  template: (currency: string) => string;
  templateName: string;
};

/**
 * An example amount in `currency`: 2999 minor units of a two-decimal currency read "29.99", of yen "2999",
 * of dinars "29.990". Imports keep prices in the store's currency with at most its decimals, so a template in
 * another currency, or with more decimals, would be refused by the check it is meant to pass.
 */
function exampleAmount(whole: number, cents: number, currency: string): string {
  const digits =
    new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2;
  if (digits === 0) return String(whole);
  return `${whole}.${String(cents).padStart(2, "0").padEnd(digits, "0").slice(0, digits)}`;
}

export const SHIPMENT_IMPORT: ImportKind = {
  check: "checkInboundShipmentImport",
  run: "importInboundShipments",
  title: "Import shipments",
  description:
    "One row per shipment line; rows with the same shipment reference become one shipment. Nothing is written until the whole file is correct.",
  noun: ["shipment", "shipments"],
  columns: [
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
    // Right after the required columns: the preview shows them without scrolling sideways at 1280 px.
    {
      name: "supplier",
      label: "Supplier",
      required: false,
      aliases: ["supplier_name", "supplier_code", "vendor", "supplier_id"],
    },
    {
      name: "purchase_order",
      label: "Purchase order",
      required: false,
      aliases: ["purchase_order_number", "purchase_order_name", "po_name"],
    },
    {
      name: "unit_cost",
      label: "Unit cost",
      required: false,
      aliases: ["cost", "cost_per_unit", "unit_price_cost"],
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
  ],
  template: (currency) =>
    [
      "shipment_id,location,sku,quantity,supplier,purchase_order,unit_cost,status,carrier,tracking_number,tracking_url,estimated_arrival_date,freight_type,payment_terms,freight_cost,duty_cost,currency",
      `ASN-1001,Main warehouse,SKU-123,24,Northwind Textiles,PO-1001,${exampleAmount(4, 25, currency)},IN_TRANSIT,UPS,1Z999AA10123456784,https://www.ups.com/track?tracknum=1Z999AA10123456784,2026-12-15,Parcel,NET30,${exampleAmount(120, 50, currency)},${exampleAmount(0, 0, currency)},${currency}`,
      `ASN-1001,Main warehouse,SKU-456,12,,,${exampleAmount(10, 0, currency)},,,,,,,,,,`,
    ].join("\n"),
  templateName: "shipments-template.csv",
};

export const COUNT_IMPORT: ImportKind = {
  check: "checkInventoryCountImport",
  run: "importInventoryCounts",
  title: "Import stock counts",
  description:
    "One row per product and location with the quantity counted; each level becomes that count, recorded in the stock history as an import. Nothing is written until the whole file is correct.",
  noun: ["stock level", "stock levels"],
  columns: [
    { name: "sku", label: "SKU", required: true, aliases: ["item_sku", "product_sku", "variant_sku"] },
    {
      name: "location",
      label: "Location",
      required: true,
      aliases: ["warehouse", "location_name", "location_id", "bin_location"],
    },
    {
      name: "quantity",
      label: "Counted quantity",
      required: true,
      aliases: ["qty", "count", "counted", "on_hand", "available"],
    },
    { name: "note", label: "Note", required: false, aliases: ["notes", "comment"] },
  ],
  template: () =>
    [
      "sku,location,quantity,note",
      "SKU-123,Main warehouse,40,Aisle 3 count",
      "SKU-456,Main warehouse,0,",
    ].join("\n"),
  templateName: "stock-counts-template.csv",
};

export const PRODUCT_IMPORT: ImportKind = {
  check: "checkProductImport",
  run: "importProducts",
  title: "Import products",
  description:
    "One row per variant; rows with the same product id become one product, matched to the catalog by that id or the SKU. Each new variant gets its inventory item. Nothing is written until the whole file is correct.",
  noun: ["product", "products"],
  columns: [
    {
      name: "product_external_id",
      label: "Product id",
      required: true,
      aliases: ["handle", "product_id", "product_handle"],
    },
    {
      name: "product_title",
      label: "Product title",
      required: true,
      aliases: ["title", "product_name", "name"],
    },
    { name: "sku", label: "SKU", required: true, aliases: ["variant_sku", "item_sku"] },
    { name: "price", label: "Price", required: true, aliases: ["variant_price", "unit_price"] },
    { name: "currency", label: "Currency", required: false, aliases: [] },
    { name: "variant_external_id", label: "Variant id", required: false, aliases: ["variant_id"] },
    { name: "variant_title", label: "Variant title", required: false, aliases: ["variant_name", "option"] },
    { name: "option1_value", label: "Option 1", required: false, aliases: ["option1"] },
    { name: "option2_value", label: "Option 2", required: false, aliases: ["option2"] },
    { name: "option3_value", label: "Option 3", required: false, aliases: ["option3"] },
    {
      name: "barcode",
      label: "Barcode",
      required: false,
      aliases: ["upc", "ean", "gtin", "variant_barcode"],
    },
    {
      name: "weight",
      label: "Weight",
      required: false,
      aliases: ["variant_weight", "variant_grams", "grams"],
    },
    { name: "weight_unit", label: "Weight unit", required: false, aliases: ["variant_weight_unit"] },
    { name: "image_url", label: "Variant image", required: false, aliases: ["image", "variant_image"] },
    {
      name: "product_image_url",
      label: "Product image",
      required: false,
      aliases: ["product_image", "image_src"],
    },
    { name: "tracks_lots", label: "Tracks lots", required: false, aliases: ["lot_tracked", "track_lots"] },
  ],
  template: (currency) =>
    [
      "product_external_id,product_title,sku,price,currency,variant_external_id,variant_title,option1_value,option2_value,option3_value,barcode,weight,weight_unit,image_url,product_image_url,tracks_lots",
      `TRAIL-TEE,Trail Tee,TEE-M-BLUE,${exampleAmount(29, 99, currency)},${currency},TEE-M-BLUE,,M,Blue,,012345678905,200,g,,https://cdn.example.com/trail-tee.jpg,false`,
      `TRAIL-TEE,,TEE-L-BLUE,${exampleAmount(31, 50, currency)},${currency},TEE-L-BLUE,,L,Blue,,,220,g,,,`,
      `WOOL-SOCK,Wool Sock,SOCK-1,${exampleAmount(14, 0, currency)},${currency},,One size,,,,,,,,,`,
      `SUNSCREEN,Sunscreen 50 ml,SUN-50,${exampleAmount(12, 0, currency)},${currency},,,,,,,,,,,true`,
    ].join("\n"),
  templateName: "products-template.csv",
};

/** Every import, by the name a page gives the wizard. */
/** A location's bins (docs/bins.md); the page passes the location, so `location` is only for other locations' rows. */
export const BIN_IMPORT: ImportKind = {
  check: "checkBinImport",
  run: "importBins",
  title: "Import bins",
  description:
    "One row per bin: its code, and optionally its zone and capacity. A code the location has already updates that bin. Nothing is written until the whole file is correct.",
  noun: ["bin", "bins"],
  columns: [
    { name: "code", label: "Bin code", required: true, aliases: ["bin", "bin_code", "label"] },
    { name: "zone", label: "Zone", required: false, aliases: ["aisle", "area"] },
    { name: "capacity", label: "Capacity", required: false, aliases: ["max", "max_units"] },
    { name: "location", label: "Location (when not this one)", required: false, aliases: ["location_id"] },
  ],
  template: () =>
    ["code,zone,capacity", "A-01-01,Aisle A,200", "A-01-02,Aisle A,200", "COLD-01,Cold room,"].join("\n"),
  templateName: "bins-template.csv",
};

/** The store's suppliers (docs/suppliers.md): matched by code, then name; a match is updated. */
export const SUPPLIER_IMPORT: ImportKind = {
  check: "checkSupplierImport",
  run: "importSuppliers",
  title: "Import suppliers",
  description:
    "One row per supplier: its name, the e-mail claims go to, and optionally your code for it. A row whose code or name a supplier has updates that supplier. Nothing is written until the whole file is correct.",
  noun: ["supplier", "suppliers"],
  columns: [
    {
      name: "name",
      label: "Name",
      required: true,
      aliases: ["supplier", "supplier_name", "vendor", "company"],
    },
    {
      name: "email",
      label: "E-mail",
      required: true,
      aliases: ["e_mail", "email_address", "claims_email", "contact_email"],
    },
    { name: "code", label: "Code", required: false, aliases: ["supplier_code", "vendor_code"] },
  ],
  template: () =>
    [
      "name,email,code",
      "Northwind Textiles,claims@northwind.example,NWT",
      "Harbor Supply Co.,returns@harbor.example,",
    ].join("\n"),
  templateName: "suppliers-template.csv",
};

export const IMPORT_KINDS = {
  shipments: SHIPMENT_IMPORT,
  counts: COUNT_IMPORT,
  products: PRODUCT_IMPORT,
  bins: BIN_IMPORT,
  suppliers: SUPPLIER_IMPORT,
};
export type ImportKindName = keyof typeof IMPORT_KINDS;
