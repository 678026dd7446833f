import { z } from "zod";
import { CHECKLIST_QUESTION_KINDS, CUSTODY_IDENTIFIER_KINDS, CUSTODY_VERDICTS } from "../enums";
import { timestampSchema } from "./common";

/**
 * Inspection checklists and chain of custody (docs/inspection.md). Backroom extensions, shaped like the bin and
 * putaway operations (snake_case, wrapped bodies); the answers travel in the process body (camelCase, like
 * the published body they extend) and come back in the item's published `assessments`.
 */

export const CHECKLISTS_MAX = 50;
export const CHECKLIST_QUESTIONS_MAX = 30;
export const CHECKLIST_OPTIONS_MAX = 20;
const shortText = (what: string, max = 120) =>
  z
    .string()
    .trim()
    .min(1, `Enter ${what}.`)
    .max(max, `${what[0]?.toUpperCase()}${what.slice(1)} must be at most ${max} characters.`);
const matchList = (what: string) =>
  z
    .array(shortText(what, 255))
    .max(50)
    .default([])
    .meta({ description: `Matched whatever their case; empty: not a condition.` });

export const checklistAppliesToSchema = z
  .strictObject({
    product_types: matchList("a product type"),
    tags: matchList("a tag"),
    return_reasons: matchList("a return reason"),
  })
  .meta({
    id: "InspectionChecklistAppliesTo",
    description:
      "The items the checklist is for: one whose product's type, one of its product's tags or its return reason " +
      "is listed. All three empty: every item.",
  });
export type ChecklistAppliesTo = z.infer<typeof checklistAppliesToSchema>;

/** `key` is how answers name a question: lower case letters, digits and `_`, unique in its checklist. */
export const questionKeySchema = z
  .string()
  .regex(/^[a-z][a-z0-9_]{0,39}$/, "A key is a lower-case letter, then letters, digits or _ (at most 40).");

export const requiredWhenSchema = z
  .union([
    z.strictObject({
      question: questionKeySchema.meta({ description: "An earlier question's key." }),
      equals: z
        .string()
        .trim()
        .min(1)
        .max(120)
        .meta({ description: "Its answer, as text: an option, `yes`/`no`, a number." }),
    }),
    z.strictObject({
      product_type: shortText("a product type", 255).meta({
        description: "The item's product type, whatever its case.",
      }),
    }),
  ])
  .meta({
    id: "InspectionRequiredWhen",
    description:
      'When an optional question must be answered: "photo required when condition = damaged" is ' +
      '`{"question": "condition", "equals": "damaged"}`; "serial required for electronics" is ' +
      '`{"product_type": "Electronics"}`.',
  });

export const checklistQuestionSchema = z
  .strictObject({
    key: questionKeySchema,
    label: shortText("the question"),
    kind: z.enum(CHECKLIST_QUESTION_KINDS),
    options: z
      .array(shortText("an option", 60))
      .max(CHECKLIST_OPTIONS_MAX)
      .optional()
      .meta({ description: "The choices of a `choice` question (2 or more); none for other kinds." }),
    required: z.boolean().default(false).meta({ description: "Always to be answered." }),
    required_when: requiredWhenSchema.nullable().default(null),
  })
  .meta({ id: "InspectionChecklistQuestion" });
export type ChecklistQuestion = z.infer<typeof checklistQuestionSchema>;

const checklistFields = {
  name: shortText("the checklist's name"),
  applies_to: checklistAppliesToSchema,
  questions: z
    .array(checklistQuestionSchema)
    .min(1, "A checklist asks at least one question.")
    .max(CHECKLIST_QUESTIONS_MAX),
};

/** The rules a single checklist must keep beyond its fields' own. */
function checkChecklist(
  checklist: { questions: readonly ChecklistQuestion[] },
  ctx: z.RefinementCtx,
  at: (string | number)[],
) {
  const seen = new Set<string>();
  checklist.questions.forEach((question, index) => {
    const path = [...at, "questions", index];
    if (seen.has(question.key)) {
      ctx.addIssue({
        code: "custom",
        path: [...path, "key"],
        message: `The key ${question.key} is used twice.`,
      });
    }
    const when = question.required_when;
    if (when && "question" in when && !seen.has(when.question)) {
      ctx.addIssue({
        code: "custom",
        path: [...path, "required_when", "question"],
        message: `required_when names ${when.question}, which is not an earlier question of this checklist.`,
      });
    }
    seen.add(question.key);
    const options = question.options ?? [];
    if (question.kind === "choice" && options.length < 2) {
      ctx.addIssue({
        code: "custom",
        path: [...path, "options"],
        message: "A choice offers at least 2 options.",
      });
    }
    if (question.kind !== "choice" && options.length > 0) {
      ctx.addIssue({ code: "custom", path: [...path, "options"], message: "Only a choice has options." });
    }
  });
}

export const checklistInputSchema = z.strictObject(checklistFields).meta({ id: "InspectionChecklistInput" });
export type ChecklistInput = z.infer<typeof checklistInputSchema>;

export const replaceChecklistsRequestSchema = z
  .strictObject({ checklists: z.array(checklistInputSchema).max(CHECKLISTS_MAX) })
  .superRefine((body, ctx) => {
    for (const [index, checklist] of body.checklists.entries())
      checkChecklist(checklist, ctx, ["checklists", index]);
  })
  .meta({ id: "ReplaceInspectionChecklistsRequest" });

export const checklistSchema = z
  .object({
    id: z.string().meta({ description: "`chk_…`; new ids each time the list is replaced." }),
    ...checklistFields,
  })
  .meta({ id: "InspectionChecklist" });
export type Checklist = z.infer<typeof checklistSchema>;

export const checklistsResponseSchema = z
  .object({ checklists: z.array(checklistSchema) })
  .meta({ id: "InspectionChecklistsResponse" });

// ---------------------------------------------------------------------------------------------------
// Answers, in the process body

export const ANSWER_PHOTOS_MAX = 4;

export const inspectionAnswerSchema = z.strictObject({
  question: questionKeySchema.meta({ description: "The question's key." }),
  value: z
    .union([
      z.boolean(),
      z.number(),
      z.string().trim().max(2000),
      z.array(z.string()).min(1).max(ANSWER_PHOTOS_MAX),
    ])
    .meta({
      description:
        "yes_no: a boolean; choice: one of its options; number: a number; text: a string; photo: 1 to 4 " +
        "base64 PNG, JPEG, GIF or WebP images (or data: URLs), 5 MiB each.",
    }),
});
export type InspectionAnswer = z.infer<typeof inspectionAnswerSchema>;

export const processInspectionSchema = z
  .strictObject({
    answers: z.array(inspectionAnswerSchema).max(CHECKLIST_QUESTIONS_MAX).default([]),
    startedAt: timestampSchema.optional().meta({ description: "When the item was first scanned." }),
    decidedAt: timestampSchema.optional().meta({ description: "When the inspector decided." }),
  })
  .meta({
    id: "ProcessInspection",
    description:
      "Backroom extension: the answers to the item's inspection checklist (`getReturnInspection`), and the time " +
      "spent on it. A product whose item has a checklist must answer its required questions: else 400 naming " +
      "each missing answer. Kept as one of the item's `assessments`.",
  });
export type ProcessInspection = z.infer<typeof processInspectionSchema>;

// ---------------------------------------------------------------------------------------------------
// Chain of custody

export const custodyFindingSchema = z
  .object({
    identifier: z.string(),
    kind: z.enum(CUSTODY_IDENTIFIER_KINDS),
    verdict: z.enum(CUSTODY_VERDICTS).meta({
      description:
        "`received`: received here and not returned since; `returned_before`: returned before on another return " +
        "(flags the return); `never_received`: no receipt of it here (flags the return).",
    }),
    summary: z.string().meta({ description: 'In words: "received on inb_… into bin B-04 on 2026-11-02".' }),
    received: z
      .object({
        inbound_shipment_id: z.string().nullable(),
        receipt_id: z.string(),
        location_id: z.string().nullable(),
        bin: z.string().nullable(),
        at: timestampSchema,
      })
      .nullable()
      .meta({ description: "Its newest receipt here; null when never received." }),
    returned: z
      .object({ return_id: z.string(), item_id: z.string(), at: timestampSchema })
      .nullable()
      .meta({ description: "Its newest inspection on another return; null when none." }),
    checked_at: timestampSchema,
  })
  .meta({ id: "CustodyFinding" });
export type CustodyFinding = z.infer<typeof custodyFindingSchema>;

export const checkCustodyRequestSchema = z
  .strictObject({
    item_id: z.string().min(1).meta({ description: "The return item (`rti_…`) the unit belongs to." }),
    identifier: z
      .string()
      .trim()
      .min(1, "Scan or type the unit's serial, license plate or lot number.")
      .max(100)
      .meta({ description: "A serial, a license plate (`LP-…`) or a lot number, as scanned." }),
  })
  .meta({ id: "CheckReturnCustodyRequest" });

export const itemInspectionSchema = z
  .object({
    item_id: z.string(),
    product_type: z
      .string()
      .nullable()
      .meta({ description: "The item's product type, which a `required_when.product_type` rule reads." }),
    checklist: checklistSchema
      .nullable()
      .meta({ description: "The first checklist matching the item; null: none." }),
    custody: custodyFindingSchema
      .nullable()
      .meta({ description: "The item's newest custody check (`checkReturnCustody`); null: none yet." }),
  })
  .meta({ id: "ReturnItemInspection" });

export const returnInspectionResponseSchema = z
  .object({ items: z.array(itemInspectionSchema) })
  .meta({ id: "ReturnInspectionResponse" });
export type ReturnInspection = z.infer<typeof returnInspectionResponseSchema>;
