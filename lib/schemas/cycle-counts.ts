import { z } from "zod";
import { CYCLE_COUNT_LINE_STATUSES, CYCLE_COUNT_STATUSES } from "../enums";
import { decimalStringSchema, timestampSchema } from "./common";

/**
 * Cycle counts (docs/cycle-counts.md): a Backroom extension, shaped like the other inventory extensions
 * (snake_case, `{ cycle_count }` wrappers). Counters record what they find per bin (or unbinned); each line's
 * variance is measured against the snapshot taken when its place was started, so applying keeps the units
 * that moved there in the meantime.
 */

const id = (prefix: string) =>
  z
    .string()
    .max(64)
    .regex(new RegExp(`^${prefix}_[0-9A-Za-z]{1,60}$`), `Expected an id starting with ${prefix}_.`);

export const MAX_COUNT_ENTRIES = 500;
export const MAX_REVIEW_LINES = 10_000;
/** A count's lines at most: a bigger scope is refused at creation (split it by zone). */
export const MAX_COUNT_LINES = 10_000;

const scopeSchema = z
  .discriminatedUnion("type", [
    z.strictObject({
      type: z.literal("bins"),
      bin_ids: z
        .array(id("bin"))
        .min(1)
        .max(500)
        .meta({ description: "Active bins of the count's location." }),
    }),
    z.strictObject({
      type: z.literal("zone"),
      zone: z
        .string()
        .trim()
        .min(1)
        .max(60)
        .meta({ description: "Every active bin of this zone (any case)." }),
    }),
    z.strictObject({
      type: z.literal("skus"),
      skus: z.array(z.string().trim().min(1).max(255)).min(1).max(500),
    }),
    z.strictObject({
      type: z.literal("not_counted_since"),
      days: z.int().min(1).max(3650).meta({
        description: "Items with stock at the location not counted there in this many days (or never).",
      }),
    }),
  ])
  .meta({ id: "CycleCountScope", description: "What the count covers." });
export type CycleCountScopeInput = z.infer<typeof scopeSchema>;

export const createCycleCountRequestSchema = z
  .strictObject({
    cycle_count: z.strictObject({
      location_id: id("loc"),
      name: z
        .string()
        .trim()
        .min(1)
        .max(120)
        .optional()
        .meta({ description: "Defaults to the scope and date." }),
      blind: z.boolean().optional().meta({
        description: "Hide expected quantities from counters until the count is submitted. Default false.",
      }),
      scope: scopeSchema,
    }),
  })
  .meta({ id: "CreateCycleCountRequest" });
export type CreateCycleCountRequest = z.infer<typeof createCycleCountRequestSchema>;

const placeSchema = z.object({ id: z.string(), code: z.string() }).nullable();

export const cycleCountLineSchema = z
  .object({
    id: z.string(),
    bin: placeSchema.meta({ description: "The bin counted; null for the location's unbinned units." }),
    inventory_item: z.object({
      id: z.string(),
      sku: z.string().nullable(),
      name: z.string().nullable(),
      upc: z
        .string()
        .nullable()
        .meta({ description: "The catalog variant's barcode, what a scanner reads." }),
    }),
    status: z.enum(CYCLE_COUNT_LINE_STATUSES),
    snapshot_quantity: z
      .int()
      .nullable()
      .meta({
        description:
          "Units the ledger held in this place when the counter started it; null before that, and while a blind " +
          "count is being counted.",
      }),
    counted_quantity: z.int().nullable(),
    variance: z
      .int()
      .nullable()
      .meta({ description: "counted - snapshot; null until both are known and shown." }),
    unit_value: decimalStringSchema
      .nullable()
      .meta({ description: "The item's catalog price; null without one." }),
    variance_value: decimalStringSchema.nullable().meta({ description: "variance × unit_value." }),
    accepted_by: z
      .string()
      .nullable()
      .meta({ description: '"auto" under the store\'s threshold, or the admin.' }),
    recounts: z.int(),
    counted_at: timestampSchema.nullable(),
  })
  .meta({ id: "CycleCountLine" });
export type CycleCountLine = z.infer<typeof cycleCountLineSchema>;

export const cycleCountSchema = z
  .object({
    id: z.string().meta({ example: "cnt_3ZbQ9mX2kT7vLp0aYc1RfD" }),
    name: z.string(),
    location_id: z.string(),
    location_name: z.string(),
    status: z.enum(CYCLE_COUNT_STATUSES),
    blind: z.boolean(),
    scope: z.object({
      type: z.enum(["bins", "zone", "skus", "not_counted_since"]),
      bin_ids: z.array(z.string()).optional(),
      zone: z.string().optional(),
      skus: z.array(z.string()).optional(),
      days: z.int().optional(),
    }),
    created_by: z.string().nullable(),
    applied_by: z.string().nullable(),
    summary: z.object({
      lines: z.int(),
      counted: z.int(),
      to_review: z.int(),
      variance_units: z.int().nullable(),
      variance_value: decimalStringSchema.nullable(),
      accuracy: z
        .number()
        .nullable()
        .meta({
          description:
            "100 × (1 − Σ|variance| / Σ max(snapshot, counted)) over the counted lines, once submitted; 100 when " +
            "both are 0.",
        }),
    }),
    created_at: timestampSchema,
    updated_at: timestampSchema,
    started_at: timestampSchema.nullable(),
    submitted_at: timestampSchema.nullable(),
    completed_at: timestampSchema.nullable(),
    cancelled_at: timestampSchema.nullable(),
  })
  .meta({ id: "CycleCount" });
export type CycleCount = z.infer<typeof cycleCountSchema>;

export const cycleCountResponseSchema = z
  .object({ cycle_count: cycleCountSchema, lines: z.array(cycleCountLineSchema) })
  .meta({ id: "CycleCountResponse" });
export type CycleCountDetail = z.infer<typeof cycleCountResponseSchema>;

export const listCycleCountsQuerySchema = z.strictObject({
  status: z.enum(CYCLE_COUNT_STATUSES).optional(),
  location_id: id("loc").optional(),
});
export const listCycleCountsResponseSchema = z
  .object({ cycle_counts: z.array(cycleCountSchema) })
  .meta({ id: "CycleCountList" });

export const recordCycleCountsRequestSchema = z
  .strictObject({
    counts: z.strictObject({
      bin_id: id("bin")
        .nullable()
        .meta({ description: "The place counted: a bin, or null for unbinned units." }),
      entries: z
        .array(
          z.strictObject({
            inventory_item_id: id("ii"),
            quantity: z.int().min(-100_000).max(100_000),
            mode: z.enum(["add", "set"]).optional().meta({
              description: "`add` (default: a scan adds 1) or `set` (the counted quantity).",
            }),
          }),
        )
        .max(MAX_COUNT_ENTRIES)
        .meta({ description: "Empty: only start the place (take its snapshot)." }),
    }),
  })
  .meta({ id: "RecordCycleCountsRequest" });
export type RecordCycleCountsRequest = z.infer<typeof recordCycleCountsRequestSchema>;

export const recordCycleCountsResponseSchema = z
  .object({ cycle_count: cycleCountSchema, lines: z.array(cycleCountLineSchema) })
  .meta({ id: "RecordCycleCountsResponse", description: "The count and the place's lines." });

export const reviewCycleCountRequestSchema = z
  .strictObject({
    review: z.strictObject({
      accept: z.array(id("cnl")).max(MAX_REVIEW_LINES).optional(),
      recount: z.array(id("cnl")).max(MAX_REVIEW_LINES).optional(),
    }),
  })
  .meta({ id: "ReviewCycleCountRequest" });
export type ReviewCycleCountRequest = z.infer<typeof reviewCycleCountRequestSchema>;

export const cycleCountSettingsSchema = z
  .object({
    auto_accept_units: z.int().min(0).max(1_000_000).nullable().meta({
      description:
        "Largest variance in units (either way) accepted without an admin; null: exact counts only.",
    }),
    auto_accept_value: decimalStringSchema.nullable().meta({
      description: "Largest variance value (units × price) accepted without an admin; null: no value limit.",
    }),
  })
  .meta({ id: "CycleCountSettings" });
export type CycleCountSettings = z.infer<typeof cycleCountSettingsSchema>;
export const cycleCountSettingsResponseSchema = z
  .object({ settings: cycleCountSettingsSchema })
  .meta({ id: "CycleCountSettingsResponse" });
export const updateCycleCountSettingsRequestSchema = z
  .strictObject({
    settings: z.strictObject({
      auto_accept_units: z.int().min(0).max(1_000_000).nullable(),
      auto_accept_value: z
        .string()
        .regex(/^\d{1,12}(\.\d{1,2})?$/, 'Expected an amount such as "25.00".')
        .nullable(),
    }),
  })
  .meta({ id: "UpdateCycleCountSettingsRequest" });

export const itemCycleCountHistorySchema = z
  .object({
    last_counted_at: timestampSchema.nullable(),
    counts: z.array(
      z.object({
        cycle_count_id: z.string(),
        name: z.string(),
        location_id: z.string(),
        location_name: z.string(),
        completed_at: timestampSchema,
        expected: z.int(),
        counted: z.int(),
        variance: z.int(),
        accuracy: z.number(),
      }),
    ),
  })
  .meta({ id: "ItemCycleCountHistory" });
export type ItemCycleCountHistory = z.infer<typeof itemCycleCountHistorySchema>;
