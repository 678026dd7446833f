import { z } from "zod";
import { CODE_MATCHES, INBOUND_SHIPMENT_STATUSES } from "../enums";
import { dateTimeInputSchema, moneySchema, timestampSchema } from "./common";

/** Inbound shipments (interface-v2.2 "Inbound shipment (list view)", decisions §4 and §9). */

export const inboundShipmentStatusSchema = z
  .enum(INBOUND_SHIPMENT_STATUSES)
  .meta({ id: "InboundShipmentStatus", description: "Follows the item counts (decisions §9)." });

const isoDate = z.iso.date().meta({ description: "Calendar date, YYYY-MM-DD.", examples: ["2026-03-14"] });

export const productSummarySchema = z
  .object({
    id: z.string().meta({ description: "Product id, prefixed `prd_`." }),
    title: z.string().meta({ description: "Product title followed by the variant options." }),
    sku: z.string().nullable(),
    image_url: z.string().nullable().optional().meta({ description: "Primary image URL." }),
  })
  .meta({ id: "ProductSummary" });

export const inboundShipmentItemSchema = z
  .object({
    id: z.string().meta({ description: "Prefixed `isp_`." }),
    product: productSummarySchema,
    quantity: z.int().meta({ description: "Expected quantity." }),
    received_quantity: z.int(),
    damaged_quantity: z.int(),
    missing_quantity: z.int(),
  })
  .meta({ id: "InboundShipmentItem" });

export const inboundShipmentSchema = z
  .object({
    id: z.string().meta({ description: "Prefixed `inb_`." }),
    shipment_id: z.string().nullable().meta({ description: "Merchant-assigned identifier." }),
    status: inboundShipmentStatusSchema,
    location: z
      .object({ id: z.string().meta({ description: "Prefixed `loc_`." }), name: z.string() })
      .meta({ id: "ShipmentLocation", description: "Destination location." }),
    carrier: z.string().nullable(),
    tracking_number: z.string().nullable(),
    tracking_url: z.string().nullable(),
    estimated_arrival_date: isoDate.nullable(),
    actual_arrival_date: isoDate.nullable(),
    freight_type: z.string().nullable().meta({ description: "Free text such as LTL, FTL, Parcel." }),
    payment_terms: z.string().nullable().meta({ description: "Free text such as NET30, COD." }),
    freight_cost: moneySchema,
    duty_cost: moneySchema,
    items: z.array(inboundShipmentItemSchema),
    sku_count: z.int().meta({ description: "Count of distinct SKUs." }),
    item_count: z.int().meta({ description: "Total expected unit quantity." }),
    received_count: z.int().meta({ description: "Total received units." }),
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .meta({ id: "InboundShipment" });
export type InboundShipment = z.infer<typeof inboundShipmentSchema>;

export const listInboundShipmentsResponseSchema = z
  .object({ inbound_shipments: z.array(inboundShipmentSchema) })
  .meta({ id: "InboundShipmentList" });

/** Unknown query parameters are refused (400), so a mistyped filter is reported, not ignored. */
export const listInboundShipmentsQuerySchema = z.strictObject({
  status: inboundShipmentStatusSchema.optional(),
  location_id: z
    .string()
    .regex(/^loc_[0-9A-Za-z]{1,64}$/, "Expected a location id starting with loc_.")
    .optional(),
  created_at_min: dateTimeInputSchema.optional().meta({ description: "Created at or after (inclusive)." }),
  created_at_max: dateTimeInputSchema.optional().meta({ description: "Created before (exclusive)." }),
  q: z
    .string()
    .trim()
    .min(1)
    .max(255)
    .optional()
    .meta({
      description:
        "A tracking number, merchant shipment id, or the SKU or UPC of a line, matched exactly (as sent or " +
        "upper-cased); with `match=contains`, also the shipment's id, and any part of each, in any case.",
    }),
  match: z
    .enum(CODE_MATCHES)
    .optional()
    .meta({
      description:
        "How `q` matches: `exact` (the default) or `contains` (part of a code, any case: what a search box sends " +
        "as someone types). Ignored without `q`.",
    }),
  late: z.enum(["true", "false"]).optional().meta({
    description: "`true`: not yet fully received and expected before today (UTC).",
  }),
  arriving_within_days: z.coerce.number().int().min(0).max(365).optional().meta({
    description: "Not yet fully received and expected from today (UTC) to today + N days.",
  }),
});

/** A line in the detail view: the list line, the product's UPC and lot tracking, and the line's discrepancy. */
export const inboundShipmentItemDetailSchema = inboundShipmentItemSchema
  .extend({
    product: productSummarySchema
      .extend({
        upc: z.string().nullable().meta({ description: "Universal product code, when known." }),
        tracks_lots: z.boolean().meta({
          description:
            "Backroom extension: the product is tracked by lot, so a receipt of its units names their lot (`lot_number`, docs/bins.md).",
        }),
      })
      .meta({ id: "ProductDetail" }),
    discrepancy: z.int().meta({
      description:
        "Received minus expected units (negative while units are outstanding, damaged or missing; positive for an overage).",
    }),
    unit_cost: moneySchema.nullable().meta({
      description:
        "Backroom extension: what one unit costs from the supplier, in the shipment's currency (a supplier " +
        "claim line's unit cost, docs/suppliers.md); null when not given.",
    }),
  })
  .meta({ id: "InboundShipmentItemDetail" });

const orderReferenceSchema = z
  .object({ id: z.string(), name: z.string() })
  .meta({ id: "InboundShipmentOrderReference", description: "A linked purchase or transfer order." });

const shipmentFileSchema = z
  .object({
    id: z.string(),
    title: z.string(),
    url: z.string(),
    content_type: z.string(),
    created_at: timestampSchema,
  })
  .meta({ id: "InboundShipmentFile" });

/**
 * The real service's detail view (`inbound-shipment-detail.schema.yaml`): the list view with detailed lines
 * and the shipment's damaged and missing totals. `purchase_orders` names the shipment's purchase order when it
 * has one (docs/suppliers.md); Backroom keeps no files or custom volume yet: those are always `[]` and `null`. `transfer_orders`
 * names the transfer that created the shipment, if any (docs/transfers.md).
 */
export const inboundShipmentDetailSchema = inboundShipmentSchema
  .extend({
    items: z.array(inboundShipmentItemDetailSchema),
    custom_volume_cubic_meters: z.number().nullable(),
    purchase_orders: z.array(orderReferenceSchema).meta({
      description:
        "The purchase order the shipment fills, as the published order reference: `id` (`po_…`, kept with the " +
        "reference) and `name` (the merchant's PO number, sent as `purchase_order`). Empty without one.",
    }),
    transfer_orders: z.array(orderReferenceSchema),
    files: z.array(shipmentFileSchema),
    supplier: z
      .object({ id: z.string().meta({ description: "Prefixed `sup_`." }), name: z.string() })
      .nullable()
      .meta({
        id: "InboundShipmentSupplier",
        description:
          "Backroom extension: who the shipment comes from (docs/suppliers.md); its receipts' damaged, missing, " +
          "wrong and over units are claimed from this supplier. Null when not set.",
      }),
    damaged_count: z.int().meta({ description: "Total damaged units." }),
    missing_count: z.int().meta({ description: "Total missing units." }),
  })
  .meta({ id: "InboundShipmentDetail" });
export type InboundShipmentDetail = z.infer<typeof inboundShipmentDetailSchema>;

export const inboundShipmentResponseSchema = z
  .object({ inbound_shipment: inboundShipmentDetailSchema })
  .meta({ id: "InboundShipmentResponse" });
