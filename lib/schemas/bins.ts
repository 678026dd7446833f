import { z } from "zod";
import { timestampSchema } from "./common";
import { inventoryMovementSchema } from "./inventory-levels";

/**
 * Bins inside a location and the units of an item in each (docs/bins.md). A Backroom extension: the real
 * service publishes no bin operations, so these follow the location resource (snake_case, `{ bin }` wrappers).
 */

// C0 controls, DEL and C1 controls: a code is printed as a barcode and typed at a scanner.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001F\u007F-\u009F]*$/;

export const BIN_CODE_MAX = 40;

export const binCodeSchema = z
  .string()
  .trim()
  .min(1, "Enter the bin's code.")
  .max(BIN_CODE_MAX, `Use at most ${BIN_CODE_MAX} characters.`)
  // Printable ASCII only: Code 128 on the label encodes it, and a scanner types it back as is.
  .regex(/^[\x20-\x7E]+$/, "Use letters, digits, spaces and ASCII punctuation only.")
  .meta({
    description: `1..${BIN_CODE_MAX} characters after trimming, unique in its location whatever the case; printed as the bin label's barcode.`,
    example: "A-01-03",
  });

const zoneInput = z
  .string()
  .trim()
  .max(60, "Use at most 60 characters.")
  .regex(NO_CONTROL_CHARACTERS, "The zone must not contain control characters.")
  .nullable()
  .meta({ description: "A free grouping (an aisle, a cold room); empty or null for none." });
const capacityInput = z.int().min(1).max(1_000_000).nullable().meta({
  description: "The most units the bin holds; null for no limit. Moves that would overfill it are refused.",
});

const binIdSchema = z
  .string()
  .max(64)
  .regex(/^bin_[0-9A-Za-z]{1,60}$/, "Expected a bin id starting with bin_.");

export const binSchema = z
  .object({
    id: z.string().meta({ description: "Prefixed `bin_`.", example: "bin_3ZbQ9mX2kT7vLp0aYc1RfD" }),
    location_id: z.string(),
    code: z.string(),
    zone: z.string().nullable(),
    capacity: z.int().nullable(),
    archived: z.boolean().meta({
      description: "An archived bin keeps its units (they can be moved out) but takes no units in.",
    }),
    archived_at: timestampSchema.optional().meta({ description: "When it was archived; omitted if active." }),
    quantity: z.int().min(0).meta({ description: "Units of every item in the bin now." }),
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .meta({ id: "Bin" });
export type Bin = z.infer<typeof binSchema>;

export const listBinsQuerySchema = z.strictObject({
  include_archived: z
    .enum(["true", "false"])
    .optional()
    .meta({ description: "`true` lists archived bins too (after the active ones). Default `false`." }),
});

export const listBinsResponseSchema = z.object({ bins: z.array(binSchema) }).meta({ id: "BinList" });
export const binResponseSchema = z.object({ bin: binSchema }).meta({ id: "BinResponse" });

export const createBinRequestSchema = z
  .strictObject({
    bin: z.strictObject({
      code: binCodeSchema,
      zone: zoneInput.optional(),
      capacity: capacityInput.optional(),
    }),
  })
  .meta({ id: "CreateBinRequest" });

export const updateBinRequestSchema = z
  .strictObject({
    bin: z
      .strictObject({
        code: binCodeSchema.optional(),
        zone: zoneInput.optional(),
        capacity: capacityInput.optional(),
        archived: z.boolean().optional().meta({ description: "`true` archives, `false` restores." }),
      })
      .refine((value) => Object.values(value).some((field) => field !== undefined), {
        message: "Send at least one of code, zone, capacity and archived.",
      }),
  })
  .meta({ id: "UpdateBinRequest" });

/** One item's units at each location where it has a level: per bin, and the unbinned remainder. */
export const itemBinStockSchema = z
  .object({
    locations: z.array(
      z.object({
        location_id: z.string(),
        location_name: z.string(),
        quantity: z.int().min(0).meta({ description: "The level: `unbinned` plus the bins' quantities." }),
        unbinned: z.int().min(0).meta({ description: "Units at the location in no bin." }),
        bins: z.array(
          z.object({
            bin_id: z.string(),
            code: z.string(),
            zone: z.string().nullable(),
            archived: z.boolean(),
            quantity: z.int().min(1),
          }),
        ),
      }),
    ),
  })
  .meta({ id: "InventoryItemBinStock" });
export type ItemBinStock = z.infer<typeof itemBinStockSchema>;

export const binMoveRequestSchema = z
  .strictObject({
    move: z
      .strictObject({
        location_id: z
          .string()
          .max(64)
          .regex(/^loc_[0-9A-Za-z]{1,60}$/, "Expected a location id starting with loc_."),
        from_bin_id: binIdSchema
          .nullable()
          .meta({ description: "The bin the units leave; null for unbinned." }),
        to_bin_id: binIdSchema
          .nullable()
          .meta({ description: "The bin the units go to; null for unbinned." }),
        quantity: z.int().min(1).max(1_000_000),
        note: z.string().trim().max(500).optional(),
      })
      .refine((move) => move.from_bin_id !== move.to_bin_id, {
        message: "Choose a different bin to move to.",
        path: ["to_bin_id"],
      }),
  })
  .meta({ id: "BinMoveRequest" });
export type BinMoveRequest = z.infer<typeof binMoveRequestSchema>["move"];

export const binMoveResponseSchema = z
  .object({ movements: z.array(inventoryMovementSchema), stock: itemBinStockSchema })
  .meta({ id: "BinMoveResponse" });
