import { z } from "zod";
import { DISPOSITIONS, NON_SELLABLE_STOCK_STATES, STOCK_STATES } from "../enums";
import { questionKeySchema } from "./inspection";
import { inventoryMovementSchema } from "./inventory-levels";
import { MAX_ITEM_TEXT_LENGTH } from "./limits";

/**
 * Dispositions and stock states (docs/dispositions.md). Backroom extensions: the real service publishes no
 * stock states, so these follow the bins' operations (snake_case, `{ move }` wrappers).
 */

export const dispositionSchema = z.enum(DISPOSITIONS).meta({
  id: "Disposition",
  description:
    "What becomes of an inspected unit: `restock` puts it back into sellable stock; the others into the non-sellable stock state of the same name.",
});

const stockStateSchema = z.enum(STOCK_STATES);
const nonSellableStateSchema = z.enum(NON_SELLABLE_STOCK_STATES);

const idOf = (prefix: string) =>
  z
    .string()
    .max(64)
    .regex(new RegExp(`^${prefix}_[0-9A-Za-z]{1,60}$`), `Expected an id starting with ${prefix}_.`);

const stateBinSchema = z.object({ bin_id: z.string(), code: z.string(), quantity: z.int().min(1) });

/** One item's units at each location, sellable (the level) and in each non-sellable state it holds there. */
export const itemStockStatesSchema = z
  .object({
    locations: z.array(
      z.object({
        location_id: z.string(),
        location_name: z.string(),
        sellable: z.int().min(0).meta({
          description: "Sellable units: the inventory level's `quantity`, unchanged in meaning.",
        }),
        states: z
          .array(
            z.object({
              state: nonSellableStateSchema,
              quantity: z.int().min(1).meta({ description: "`unbinned` plus the bins' quantities." }),
              unbinned: z.int().min(0),
              bins: z.array(stateBinSchema),
            }),
          )
          .meta({
            description: "The non-sellable states holding units here, in the order of the state list.",
          }),
      }),
    ),
  })
  .meta({ id: "InventoryItemStockStates" });
export type ItemStockStates = z.infer<typeof itemStockStatesSchema>;

export const stockStateMoveSchema = z
  .strictObject({
    location_id: idOf("loc"),
    from_state: stockStateSchema.meta({ description: "The state the units leave." }),
    from_bin_id: idOf("bin").nullable().default(null).meta({
      description: "The bin they leave; null (default) for unbinned. Sellable units leave unbinned.",
    }),
    to_state: stockStateSchema.meta({ description: "The state the units go into." }),
    to_bin_id: idOf("bin")
      .nullable()
      .default(null)
      .meta({ description: "The bin they go into; null (default) for unbinned." }),
    quantity: z.int().min(1).max(1_000_000),
    note: z.string().trim().max(500).optional(),
  })
  .superRefine((move, ctx) => {
    if (move.from_state === move.to_state && move.from_bin_id === move.to_bin_id) {
      ctx.addIssue({ code: "custom", path: ["to_state"], message: "Choose another state or bin." });
    }
    if (move.from_state === "sellable" && move.to_state === "sellable") {
      ctx.addIssue({
        code: "custom",
        path: ["to_state"],
        message: "Sellable units move between bins with POST …/bin-moves.",
      });
    }
    if (move.from_state === "sellable" && move.from_bin_id !== null) {
      ctx.addIssue({
        code: "custom",
        path: ["from_bin_id"],
        message: "Sellable units leave from unbinned: move them out of their bin first.",
      });
    }
  });
export type StockStateMove = z.infer<typeof stockStateMoveSchema>;

export const stockStateMoveRequestSchema = z
  .strictObject({ move: stockStateMoveSchema })
  .meta({ id: "StockStateMoveRequest" });

export const stockStateMoveResponseSchema = z
  .object({
    movements: z.array(inventoryMovementSchema).meta({ description: "The two rows: out, then in." }),
    stock: itemStockStatesSchema,
  })
  .meta({ id: "StockStateMoveResponse" });

export const stockStateWriteOffSchema = z.strictObject({
  location_id: idOf("loc"),
  state: nonSellableStateSchema.meta({
    description:
      "The non-sellable state the units leave the books from (sellable units are adjusted instead).",
  }),
  bin_id: idOf("bin")
    .nullable()
    .default(null)
    .meta({ description: "The bin they leave; null (default) for unbinned." }),
  quantity: z.int().min(1).max(1_000_000),
  note: z
    .string()
    .trim()
    .max(500)
    .optional()
    .meta({ description: "Why, for the ledger: a disposal certificate, the charity, the liquidator's lot." }),
});
export type StockStateWriteOff = z.infer<typeof stockStateWriteOffSchema>;

export const stockStateWriteOffRequestSchema = z
  .strictObject({ write_off: stockStateWriteOffSchema })
  .meta({ id: "StockStateWriteOffRequest" });

export const stockStateWriteOffResponseSchema = z
  .object({
    movements: z
      .array(inventoryMovementSchema)
      .meta({ description: "The one row: the units out of their state." }),
    stock: itemStockStatesSchema,
  })
  .meta({ id: "StockStateWriteOffResponse" });

export const DISPOSITION_RULES_MAX = 50;

const ruleText = (field: string) =>
  z
    .string()
    .trim()
    .min(1, `${field} must not be empty; use null to match any.`)
    .max(MAX_ITEM_TEXT_LENGTH)
    .nullable();

const dispositionRuleFields = {
  grade: ruleText("grade").meta({
    description:
      "Matches an item whose grade is this, or starts with it and a space or dash (`C` matches `C - Heavy wear`), whatever the case; null: any grade.",
  }),
  outcome: ruleText("outcome").meta({
    description: "Matches an item whose outcome contains this, whatever the case; null: any outcome.",
  }),
  answer: z
    .strictObject({
      question: questionKeySchema.meta({ description: "A checklist question's key." }),
      equals: z
        .string()
        .trim()
        .min(1)
        .max(120)
        .meta({ description: "Its answer, as text: an option, `yes`/`no`, a number; whatever the case." }),
    })
    .nullable()
    .default(null)
    .meta({
      id: "DispositionRuleAnswer",
      description:
        'Matches an item whose checklist answered this question so ("accessories" = "no"); null: any answers.',
    }),
  disposition: dispositionSchema,
};

export const dispositionRuleSchema = z.object(dispositionRuleFields).meta({ id: "DispositionRule" });
export type DispositionRule = z.infer<typeof dispositionRuleSchema>;

export const dispositionRulesResponseSchema = z
  .object({
    rules: z.array(dispositionRuleSchema).meta({ description: "In order: the first that matches wins." }),
  })
  .meta({ id: "DispositionRules" });

export const replaceDispositionRulesRequestSchema = z
  .strictObject({
    rules: z
      .array(
        z
          .strictObject(dispositionRuleFields)
          .refine((rule) => rule.grade !== null || rule.outcome !== null || rule.answer !== null, {
            message: "Give a grade, an outcome, a checklist answer, or more than one.",
            path: ["grade"],
          }),
      )
      .max(DISPOSITION_RULES_MAX)
      .meta({ description: `The store's rules in order, replacing them; at most ${DISPOSITION_RULES_MAX}.` }),
  })
  .meta({ id: "ReplaceDispositionRulesRequest" });
