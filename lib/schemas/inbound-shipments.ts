import { z } from "zod";
import { INBOUND_SHIPMENT_STATUSES } from "../enums";
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
});
