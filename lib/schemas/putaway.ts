import { z } from "zod";

/**
 * Putaway (docs/bins.md): where received or restocked units of an item should go at a location, and the rules a
 * location sets for it. Backroom extensions, shaped like the bin operations (snake_case, wrapped bodies).
 */

export const PUTAWAY_RULES_MAX = 100;

export const putawaySuggestionQuerySchema = z.strictObject({
  location_id: z
    .string()
    .max(64)
    .regex(/^loc_[0-9A-Za-z]{1,60}$/, "Expected a location id starting with loc_.")
    .optional()
    .meta({
      description:
        "The location to suggest a bin at (the item need not have stock there yet); without it, every location where the item has a level.",
    }),
});

export const PUTAWAY_SOURCES = ["last_bin", "rule", "none"] as const;

const ruleFields = {
  match_field: z
    .enum(["product_type", "tag"])
    .meta({ description: "What of the item's product the rule reads: its product type or one of its tags." }),
  match_value: z
    .string()
    .trim()
    .min(1, "Enter the product type or tag to match.")
    .max(255)
    .meta({ description: "Compared whatever its case." }),
  zone: z
    .string()
    .trim()
    .min(1, "Enter the zone.")
    .max(60)
    .meta({ description: "The zone whose first bin with room (by code) the rule suggests." }),
};

export const putawayRuleSchema = z.object(ruleFields).meta({ id: "PutawayRule" });
export type PutawayRule = z.infer<typeof putawayRuleSchema>;

export const putawaySuggestionSchema = z
  .object({
    location_id: z.string(),
    unbinned: z
      .int()
      .min(0)
      .meta({ description: "Units of the item at the location in no bin: what is to put away." }),
    bin: z.object({ id: z.string(), code: z.string(), zone: z.string().nullable() }).nullable().meta({
      description: "The suggested bin; null: leave the units unbinned (no last bin, no rule with a bin).",
    }),
    source: z.enum(PUTAWAY_SOURCES).meta({
      description:
        "`last_bin`: the active bin with room that last took units of this item here (the last putaway confirmed, so the suggestion learns from it); `rule`: the location's first matching rule's zone; `none`: neither.",
    }),
    rule: putawayRuleSchema
      .nullable()
      .meta({ description: "The rule that chose the zone, when `source` is `rule`." }),
  })
  .meta({ id: "PutawaySuggestion" });
export type PutawaySuggestion = z.infer<typeof putawaySuggestionSchema>;

export const putawaySuggestionResponseSchema = z
  .object({ suggestions: z.array(putawaySuggestionSchema) })
  .meta({ id: "PutawaySuggestionResponse" });

export const putawayRulesResponseSchema = z
  .object({
    rules: z.array(putawayRuleSchema).meta({ description: "In order: the first that matches wins." }),
  })
  .meta({ id: "PutawayRules" });

export const replacePutawayRulesRequestSchema = z
  .strictObject({
    rules: z
      .array(z.strictObject(ruleFields))
      .max(PUTAWAY_RULES_MAX)
      .meta({
        description: `The location's rules in order, replacing its rules; at most ${PUTAWAY_RULES_MAX}.`,
      }),
  })
  .meta({ id: "ReplacePutawayRulesRequest" });
