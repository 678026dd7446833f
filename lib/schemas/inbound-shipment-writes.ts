import { z } from "zod";
import { decimalStringSchema, moneySchema } from "./common";

/**
 * Creating, updating and cancelling inbound shipments (docs/inbound-shipments.md). The real service publishes
 * no write operations for them; these take the read view's field names (snake_case) inside the
 * `{ inbound_shipment: … }` wrapper, so what a client sends reads back unchanged through Get inbound shipment.
 */

export const INBOUND_SHIPMENT_LINES_MAX = 1000;

const optionalText = (max: number, description?: string) =>
  z
    .string()
    .trim()
    .min(1, "Must not be empty; send null to clear it.")
    .max(max)
    .nullable()
    .optional()
    .meta(description ? { description } : {});

const editableFields = {
  shipment_id: optionalText(100, "The merchant's reference (ASN, PO or supplier shipment number)."),
  carrier: optionalText(100),
  tracking_number: optionalText(100),
  tracking_url: z
    .url({ protocol: /^https?$/, error: "Must be an http(s) URL." })
    .max(2000)
    .nullable()
    .optional(),
  estimated_arrival_date: z.iso.date().nullable().optional().meta({ description: "YYYY-MM-DD." }),
  freight_type: optionalText(50, "Free text such as LTL, FTL, Parcel."),
  payment_terms: optionalText(50, "Free text such as NET30, COD."),
  supplier_id: z
    .string()
    .max(80)
    .regex(/^sup_[0-9A-Za-z]{1,64}$/, "Expected a supplier id starting with sup_.")
    .nullable()
    .optional()
    .meta({
      description: "Backroom extension: a supplier of the store (docs/suppliers.md); null clears it.",
    }),
  purchase_order: optionalText(
    100,
    "The purchase order's number: published in `purchase_orders` as `{ id: po_…, name }`; null clears it.",
  ),
};

const lineSchema = z.strictObject({
  sku: z.string().trim().min(1).max(255).meta({ description: "The SKU of a catalog variant of the store." }),
  quantity: z.int().min(1).max(1_000_000).meta({ description: "Expected units." }),
  unit_cost: decimalStringSchema
    .refine(
      (amount) => Number(amount) >= 0 && /^\d+(\.\d{1,2})?$/.test(amount),
      "0 or more, at most 2 decimals.",
    )
    .optional()
    .meta({
      description:
        "Backroom extension: what one unit costs from the supplier, in the shipment's currency (claim lines use it).",
    }),
});

export const createInboundShipmentRequestSchema = z.strictObject({
  inbound_shipment: z
    .strictObject({
      ...editableFields,
      location_id: z
        .string()
        .max(64)
        .regex(/^loc_[0-9A-Za-z]{1,60}$/, "Expected a location id starting with loc_.")
        .meta({ description: "The destination: an active location of the store." }),
      status: z
        .enum(["PENDING", "IN_TRANSIT"])
        .optional()
        .meta({ description: "PENDING (default: not shipped yet) or IN_TRANSIT (handed to the carrier)." }),
      freight_cost: moneySchema.optional(),
      duty_cost: moneySchema.optional(),
      items: z
        .array(lineSchema)
        .min(1, "A shipment needs at least one line.")
        .max(INBOUND_SHIPMENT_LINES_MAX)
        .meta({ description: "One line per SKU, in the order to show them." }),
    })
    .superRefine((shipment, ctx) => {
      const seen = new Map<string, number>();
      shipment.items.forEach((line, index) => {
        const first = seen.get(line.sku);
        if (first !== undefined) {
          ctx.addIssue({
            code: "custom",
            path: ["items", index, "sku"],
            message: `This SKU is already on line ${first + 1}; give one line per SKU.`,
          });
        } else seen.set(line.sku, index);
      });
      const currencies = [shipment.freight_cost?.currency, shipment.duty_cost?.currency].filter(Boolean);
      if (new Set(currencies).size > 1) {
        ctx.addIssue({
          code: "custom",
          path: ["duty_cost", "currency"],
          message: "Freight and duty are kept in one currency per shipment.",
        });
      }
    }),
});
export type CreateInboundShipmentRequest = z.infer<
  typeof createInboundShipmentRequestSchema
>["inbound_shipment"];

export const updateInboundShipmentRequestSchema = z.strictObject({
  inbound_shipment: z
    .strictObject({
      ...editableFields,
      status: z.literal("IN_TRANSIT").optional().meta({
        description: "Marks a PENDING shipment as handed to the carrier; receiving sets the other statuses.",
      }),
    })
    .refine((fields) => Object.keys(fields).length > 0, "Send at least one field to change."),
});
export type UpdateInboundShipmentRequest = z.infer<
  typeof updateInboundShipmentRequestSchema
>["inbound_shipment"];
