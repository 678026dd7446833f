import { z } from "zod";
import { TRANSFER_STATUSES } from "../enums";
import { dateTimeInputSchema, timestampSchema } from "./common";

/**
 * Transfers of units between two locations of a store (docs/transfers.md). A Backroom extension: the real
 * service publishes no transfer operations, so these follow the inbound-shipment resource (snake_case,
 * `{ transfer }` wrappers, problem types `com.service.api:transfer/<code>`).
 */

export const TRANSFER_LINES_MAX = 500;
export const TRANSFER_QUANTITY_MAX = 100_000;

export const transferStatusSchema = z.enum(TRANSFER_STATUSES).meta({
  id: "TransferStatus",
  description:
    "DRAFT: editable, nothing moved. IN_TRANSIT: shipped, the units left the origin and are incoming at the " +
    "destination. PARTIALLY_RECEIVED: receiving started. CLOSED: every unit was received, damaged or missing. " +
    "CANCELLED: cancelled as a draft or in transit (the units are back at the origin).",
});

const locationIdInput = z
  .string()
  .max(80)
  .regex(/^loc_[0-9A-Za-z]{1,64}$/, "Expected a location id starting with loc_.");

const locationRefSchema = z
  .object({ id: z.string(), name: z.string() })
  .meta({ id: "TransferLocation", description: "A location by id and its name now." });

export const transferLineSchema = z
  .object({
    id: z.string().meta({ description: "Prefixed `trl_`." }),
    inventory_item_id: z.string(),
    sku: z.string().nullable(),
    name: z.string().nullable().meta({ description: "The item's name (the product and variant title)." }),
    quantity: z.int().min(1).meta({ description: "Units to move." }),
    received: z.int().meta({ description: "Units received into stock at the destination so far." }),
    damaged: z.int().meta({ description: "Units that arrived damaged (not added to stock)." }),
    missing: z.int().meta({ description: "Units that did not arrive." }),
  })
  .meta({ id: "TransferLine" });

const actorNameSchema = z
  .string()
  .nullable()
  .meta({ description: "The staff member or API secret, by name as it was at the time." });

export const transferSummarySchema = z
  .object({
    id: z.string().meta({ description: "Prefixed `trf_`.", example: "trf_3ZbQ9mX2kT7vLp0aYc1RfD" }),
    status: transferStatusSchema,
    origin: locationRefSchema,
    destination: locationRefSchema,
    inbound_shipment_id: z
      .string()
      .nullable()
      .meta({
        description:
          "The inbound shipment (`inb_…`) at the destination that receives the transfer, from shipping on; " +
          "null for a draft and a cancelled transfer.",
      }),
    note: z.string().nullable(),
    line_count: z.int().min(0),
    unit_count: z.int().min(0).meta({ description: "Units on the transfer's lines." }),
    received_count: z.int(),
    damaged_count: z.int(),
    missing_count: z.int(),
    created_by: actorNameSchema,
    shipped_at: timestampSchema.nullable(),
    shipped_by: actorNameSchema,
    closed_at: timestampSchema.nullable(),
    cancelled_at: timestampSchema.nullable(),
    cancelled_by: actorNameSchema,
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .meta({ id: "TransferSummary" });
export type TransferSummary = z.infer<typeof transferSummarySchema>;

export const transferSchema = transferSummarySchema
  .extend({ lines: z.array(transferLineSchema) })
  .meta({ id: "Transfer" });
export type Transfer = z.infer<typeof transferSchema>;

export const transferResponseSchema = z.object({ transfer: transferSchema }).meta({ id: "TransferResponse" });
export const listTransfersResponseSchema = z
  .object({ transfers: z.array(transferSummarySchema) })
  .meta({ id: "TransferList" });

export const listTransfersQuerySchema = z.strictObject({
  status: transferStatusSchema.optional(),
  origin_location_id: locationIdInput.optional(),
  destination_location_id: locationIdInput.optional(),
  created_at_min: dateTimeInputSchema.optional().meta({ description: "Created at or after (inclusive)." }),
  created_at_max: dateTimeInputSchema.optional().meta({ description: "Created before (exclusive)." }),
});
export type ListTransfersQuery = z.infer<typeof listTransfersQuerySchema>;

const transferLineInput = z
  .strictObject({
    inventory_item_id: z
      .string()
      .max(80)
      .regex(/^ii_[0-9A-Za-z]{1,64}$/, "Expected an inventory item id starting with ii_.")
      .optional(),
    sku: z.string().min(1).max(255).optional().meta({ description: "The SKU of a catalog product." }),
    quantity: z.int().min(1).max(TRANSFER_QUANTITY_MAX),
  })
  .superRefine((line, ctx) => {
    if ((line.inventory_item_id === undefined) === (line.sku === undefined)) {
      ctx.addIssue({
        code: "custom",
        path: ["inventory_item_id"],
        message: "Give exactly one of inventory_item_id and sku.",
      });
    }
  });
export type TransferLineInput = z.infer<typeof transferLineInput>;

const noteInput = z.string().trim().max(500, "Use at most 500 characters.");
const linesInput = z.array(transferLineInput).min(1, "Add at least one item.").max(TRANSFER_LINES_MAX);

export const createTransferRequestSchema = z
  .strictObject({
    transfer: z.strictObject({
      origin_location_id: locationIdInput,
      destination_location_id: locationIdInput,
      note: noteInput.optional(),
      lines: linesInput,
    }),
  })
  .meta({ id: "CreateTransferRequest" });
export type CreateTransferInput = z.infer<typeof createTransferRequestSchema>["transfer"];

export const updateTransferRequestSchema = z
  .strictObject({
    transfer: z.strictObject({
      origin_location_id: locationIdInput.optional(),
      destination_location_id: locationIdInput.optional(),
      note: noteInput.nullable().optional(),
      lines: linesInput.optional().meta({ description: "Replaces every line." }),
    }),
  })
  .meta({ id: "UpdateTransferRequest" });
export type UpdateTransferInput = z.infer<typeof updateTransferRequestSchema>["transfer"];

export const TRANSFER_SHIP_BINS_MAX = 50;

const shipLineInput = z.strictObject({
  inventory_item_id: z
    .string()
    .max(80)
    .regex(/^ii_[0-9A-Za-z]{1,64}$/, "Expected an inventory item id starting with ii_.")
    .meta({ description: "The line's item (a transfer has one line per item)." }),
  from_bins: z
    .array(
      z.strictObject({
        bin_id: z.string().max(80).meta({ description: "A bin of the origin (`bin_…`), not archived." }),
        quantity: z.int().min(1).max(TRANSFER_QUANTITY_MAX),
      }),
    )
    .max(TRANSFER_SHIP_BINS_MAX)
    .meta({
      description: "Units that leave from each bin; the rest of the line leaves the unbinned remainder.",
    }),
});

/**
 * Ship's optional body (Backroom extension): per line, the origin bins the units leave from. Lines left out, and
 * a line's units beyond its bins, leave the origin's unbinned remainder, as a ship without a body does.
 */
export const shipTransferRequestSchema = z
  .strictObject({ lines: z.array(shipLineInput).max(TRANSFER_LINES_MAX).optional() })
  .meta({ id: "ShipTransferRequest" });
export type ShipTransferInput = z.infer<typeof shipTransferRequestSchema>;
