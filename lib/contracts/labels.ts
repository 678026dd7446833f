import {
  copiesLabelsBodySchema,
  labelFileSchema,
  labelPrintsQuerySchema,
  labelPrintsResponseSchema,
  returnLabelsBodySchema,
  shipmentLabelsBodySchema,
} from "../schemas/labels";
import { AUTH, defineContract, defineListContract, id, returnParams, storeParams } from "./contract";

/**
 * Labels (docs/labels.md), Backroom extensions: a POST per kind of object answers the label file itself, PDF
 * or ZPL. A POST and not a GET because printing writes: it records the print on the object's timeline and
 * gives a return's items their license plates. So it takes write access (editors and admins, API secrets);
 * viewers read the record of prints.
 */

const TAG = "Labels";
const LABEL_FILE = {
  description: "The labels: a PDF, or ZPL II text to send to the printer as is.",
  contentType: ["application/pdf", "text/plain"],
  schema: labelFileSchema,
} as const;
const FORMAT_WORDS =
  "`format` `pdf` draws the barcodes as vectors on 4x6 in or 2x1 in labels (a page each) or on Letter/A4 " +
  "sheets of address labels; `zpl` writes ZPL II for 203 dpi thermal printers (4x6 or 2x1 only). Every print " +
  "and reprint is recorded (who, format, size, how many); see `listLabelPrints`.";

export const printReturnLabels = defineContract({
  method: "post",
  path: "/stores/{storeId}/returns/{returnId}/labels",
  operationId: "printReturnLabels",
  resource: "return",
  access: "write",
  storeOf: "return",
  summary: "Print license plates for a return's items",
  description:
    "One label per item, coded with the item's license plate (`LP-` and 8 characters), which an item gets " +
    `the first time it is printed and keeps. Search finds the return by its plate. ${FORMAT_WORDS} Backroom ` +
    "extension.",
  tag: TAG,
  params: storeParams.extend(returnParams.shape),
  body: returnLabelsBodySchema,
  responses: { 200: LABEL_FILE },
  errors: [400, ...AUTH, 404, 413, 415],
});

export const printInboundShipmentLabels = defineContract({
  method: "post",
  path: "/stores/{storeId}/inbound-shipments/{inboundShipmentId}/labels",
  operationId: "printInboundShipmentLabels",
  resource: "inbound-shipment",
  access: "write",
  storeOf: "inboundShipment",
  summary: "Print line or carton labels for an inbound shipment",
  description:
    "A label per line (coded with the line id) or per carton of a line (coded `<units>*<line id>`); scanned " +
    `in Receive mode it counts the line, and search finds the shipment by it. ${FORMAT_WORDS} Backroom extension.`,
  tag: TAG,
  params: storeParams.extend({ inboundShipmentId: id("Inbound shipment id (`inb_…`).") }),
  body: shipmentLabelsBodySchema,
  responses: { 200: LABEL_FILE },
  errors: [400, ...AUTH, 404, 413, 415],
});

export const printInventoryItemLabels = defineContract({
  method: "post",
  path: "/stores/{storeId}/inventory-items/{inventoryItemId}/labels",
  operationId: "printInventoryItemLabels",
  resource: "inventory-item",
  access: "write",
  storeOf: "inventoryItem",
  summary: "Print labels for an inventory item",
  description:
    "`copies` labels coded with the product's UPC/EAN (drawn as UPC-A or EAN-13 when its check digit is " +
    `valid), else the item's SKU, else its id. ${FORMAT_WORDS} Backroom extension.`,
  tag: TAG,
  params: storeParams.extend({ inventoryItemId: id("Inventory item id (`ii_…`).") }),
  body: copiesLabelsBodySchema,
  responses: { 200: LABEL_FILE },
  errors: [400, ...AUTH, 404, 413, 415],
});

export const printLocationLabels = defineContract({
  method: "post",
  path: "/stores/{storeId}/locations/{locationId}/labels",
  operationId: "printLocationLabels",
  resource: "location",
  access: "write",
  storeOf: "location",
  summary: "Print labels for a location",
  description: `\`copies\` labels coded with the location id (\`loc_…\`), which search finds. ${FORMAT_WORDS} Backroom extension.`,
  tag: TAG,
  params: storeParams.extend({ locationId: id("Location id (`loc_…`).") }),
  body: copiesLabelsBodySchema,
  responses: { 200: LABEL_FILE },
  errors: [400, ...AUTH, 404, 413, 415],
});

export const listLabelPrints = defineListContract({
  path: "/stores/{storeId}/label-prints",
  operationId: "listLabelPrints",
  resource: "label",
  summary: "List the label prints of an object",
  description:
    "The prints and reprints of labels for one return, inbound shipment, inventory item or location of the " +
    "store, newest first: who printed, format, size and how many. Header paging (20 a page unless " +
    "`X-Page-Size` says otherwise). Backroom extension.",
  tag: TAG,
  params: storeParams,
  query: labelPrintsQuerySchema,
  page: { description: "A page of prints.", schema: labelPrintsResponseSchema },
  errors: [400, ...AUTH],
});
