import { z } from "zod";
import { RECEIPT_DISCREPANCY_REASONS } from "../enums";
import { timestampSchema } from "./common";
import { inboundShipmentDetailSchema } from "./inbound-shipments";

/**
 * Receipts of an inbound shipment (docs/receiving.md). The real service publishes no receiving operation, so
 * these follow the neighbouring inbound-shipment resource: snake_case, `{ receipt }` wrappers.
 */

export const RECEIPT_LINES_MAX = 1_000;
export const RECEIPT_PHOTOS_MAX = 3;

const units = (what: string) =>
  z
    .int()
    .min(-1_000_000)
    .max(1_000_000)
    .default(0)
    .meta({ description: `${what}. Negative only in a correcting receipt.` });

export const receiptLineRequestSchema = z
  .strictObject({
    item_id: z.string().optional().meta({ description: "The shipment line (`isp_…`)." }),
    sku: z.string().trim().min(1).max(255).optional().meta({ description: "Or the line's SKU." }),
    upc: z
      .string()
      .trim()
      .min(1)
      .max(64)
      .optional()
      .meta({ description: "Or the line's UPC (a scanned barcode)." }),
    received: units("Good units put into stock"),
    damaged: units("Units that arrived unusable (not added to stock)"),
    damaged_reason: z.enum(RECEIPT_DISCREPANCY_REASONS).optional(),
    missing: units("Units that did not arrive"),
    missing_reason: z.enum(RECEIPT_DISCREPANCY_REASONS).optional(),
    note: z.string().trim().max(2000).optional().meta({ description: "Required with the reason `other`." }),
    lot_number: z.string().trim().min(1).max(100).optional().meta({
      description:
        "The lot of the received units: required when the line's product tracks lots (`tracks_lots`), refused otherwise.",
    }),
    expiration_date: z.iso.date().optional().meta({
      description: "The lot's expiry (YYYY-MM-DD), for a product that tracks lots; optional.",
    }),
    photos: z.array(z.string()).max(RECEIPT_PHOTOS_MAX).optional().meta({
      description: "Photos of the damage: base64 PNG, JPEG, GIF or WebP (or data: URLs), 5 MiB each.",
    }),
    serials: z
      .array(z.string().trim().min(1).max(100))
      .max(1000)
      .optional()
      .meta({
        description:
          "Backroom extension: the serial numbers (or license plates) of the received units, at most `received`: " +
          "indexed for the chain of custody a return's inspection looks up (docs/inspection.md). On a correcting " +
          "receipt's negative line, the serials it takes back (at most the units taken): they leave the corrected " +
          "receipt's index; one that receipt did not record is a 400 naming the line.",
      }),
  })
  .superRefine((line, ctx) => {
    if ((line.serials?.length ?? 0) > Math.abs(line.received)) {
      ctx.addIssue({
        code: "custom",
        path: ["serials"],
        message:
          line.received < 0
            ? "At most one serial per unit taken back."
            : "At most one serial per received unit.",
      });
    }
    const keys = [line.item_id, line.sku, line.upc].filter((key) => key !== undefined).length;
    if (keys !== 1) ctx.addIssue({ code: "custom", message: "Send exactly one of item_id, sku and upc." });
    if (line.received === 0 && line.damaged === 0 && line.missing === 0) {
      ctx.addIssue({
        code: "custom",
        path: ["received"],
        message: "A line needs received, damaged or missing units.",
      });
    }
    if (line.damaged > 0 && !line.damaged_reason) {
      ctx.addIssue({ code: "custom", path: ["damaged_reason"], message: "Say why the units are damaged." });
    }
    if (line.missing > 0 && !line.missing_reason) {
      ctx.addIssue({ code: "custom", path: ["missing_reason"], message: "Say why the units are missing." });
    }
    if ((line.damaged_reason === "other" || line.missing_reason === "other") && !line.note) {
      ctx.addIssue({ code: "custom", path: ["note"], message: "Describe the reason `other` in a note." });
    }
  });

export const createReceiptRequestSchema = z
  .strictObject({
    receipt: z.strictObject({
      lines: z.array(receiptLineRequestSchema).min(1).max(RECEIPT_LINES_MAX),
      bin: z.string().trim().min(1).max(100).optional().meta({
        description:
          "Bin or shelf the units went to. When it is the code of an active bin of the shipment's location (any case), the received units go into that bin (`bin_id` in the answer; 409 `bin/over-capacity` if they would overfill it); other text is kept as a note.",
      }),
      note: z.string().trim().max(2000).optional(),
      corrects_receipt_id: z.string().optional().meta({
        description:
          "Makes this a correcting receipt of an earlier one (`rcp_…`): quantities may be negative.",
      }),
    }),
  })
  .meta({ id: "CreateInboundReceiptRequest" });
export type CreateReceiptRequest = z.infer<typeof createReceiptRequestSchema>["receipt"];

export const receiptLineSchema = z
  .object({
    id: z.string(),
    item_id: z.string(),
    sku: z.string().nullable(),
    title: z.string(),
    inventory_item_id: z.string().nullable().meta({
      description: "The PRODUCT inventory item whose stock the line's units moved (putaway, docs/bins.md).",
    }),
    received: z.int(),
    damaged: z.int(),
    damaged_reason: z.enum(RECEIPT_DISCREPANCY_REASONS).nullable(),
    missing: z.int(),
    missing_reason: z.enum(RECEIPT_DISCREPANCY_REASONS).nullable(),
    note: z.string().nullable(),
    lot_number: z
      .string()
      .nullable()
      .meta({ description: "The received units' lot (lot-tracked products)." }),
    expiration_date: z.iso.date().nullable(),
    photos: z.array(z.string()).meta({ description: "URLs of the photos." }),
    serials: z.array(z.string()).meta({
      description:
        "Backroom extension: the serial numbers (or license plates) the line recorded, each once: on a received " +
        "line the units' serials as sent, on a correcting receipt's negative line the serials it took back. " +
        "Always present; empty when the line recorded none.",
    }),
  })
  .meta({ id: "InboundReceiptLine" });

export const receiptSchema = z
  .object({
    id: z.string(),
    inbound_shipment_id: z.string(),
    location: z.object({ id: z.string(), name: z.string() }),
    bin: z.string().nullable(),
    bin_id: z
      .string()
      .nullable()
      .meta({ description: "The bin `bin` named, which took the received units; null when it named none." }),
    note: z.string().nullable(),
    corrects_receipt_id: z.string().nullable(),
    received_by: z.object({ kind: z.enum(["staff", "api_secret"]), name: z.string() }),
    created_at: timestampSchema,
    lines: z.array(receiptLineSchema),
  })
  .meta({ id: "InboundReceipt" });
export type Receipt = z.infer<typeof receiptSchema>;

export const createReceiptResponseSchema = z
  .object({
    receipt: receiptSchema,
    inbound_shipment: inboundShipmentDetailSchema
      .optional()
      .describe("The shipment as it now is; left out when the request said `Prefer: return=minimal`."),
  })
  .meta({ id: "CreateInboundReceiptResponse" });

/** `Prefer: return=minimal` (RFC 7240): the answer leaves the shipment out. Other preferences are ignored. */
export const createReceiptHeadersSchema = z.object({
  prefer: z
    .string()
    .optional()
    .describe(
      "`return=minimal` answers the receipt alone, without the shipment's detail: what a scanner sending one " +
        "unit at a time wants (a 500-line shipment's detail is ~150 KB).",
    ),
});

export function prefersMinimal(prefer: string | undefined): boolean {
  return prefer !== undefined && /(^|[\s,;])return\s*=\s*"?minimal"?(?=$|[\s,;])/i.test(prefer);
}

export const listReceiptsResponseSchema = z
  .object({ receipts: z.array(receiptSchema) })
  .meta({ id: "InboundReceiptList" });

export const discrepancySchema = z
  .object({
    inbound_shipment: z.object({
      id: z.string(),
      shipment_id: z.string().nullable(),
      status: z.string(),
      location: z.object({ id: z.string(), name: z.string() }),
      updated_at: timestampSchema,
    }),
    item_id: z.string(),
    sku: z.string().nullable(),
    title: z.string(),
    expected: z.int(),
    received: z.int(),
    damaged: z.int(),
    missing: z.int(),
    overage: z.int().meta({ description: "Received units beyond the expected quantity." }),
    discrepancy: z.int().meta({ description: "Received minus expected, as Get inbound shipment shows it." }),
    damaged_reasons: z.array(z.enum(RECEIPT_DISCREPANCY_REASONS)).meta({ description: "From the receipts." }),
    missing_reasons: z.array(z.enum(RECEIPT_DISCREPANCY_REASONS)),
  })
  .meta({ id: "InboundShipmentDiscrepancy" });
export type Discrepancy = z.infer<typeof discrepancySchema>;

export const listDiscrepanciesResponseSchema = z
  .object({ discrepancies: z.array(discrepancySchema) })
  .meta({ id: "InboundShipmentDiscrepancyList" });
