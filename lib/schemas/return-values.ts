import { z } from "zod";
import { timestampSchema } from "./common";

/**
 * The value objects of a return that are stored as jsonb (addresses, multiple-choice answers, assessment
 * responses): the response objects carry them, and the same schemas validate them on the way in.
 */

export const addressSchema = z
  .object({
    line1: z.string().min(1),
    line2: z.string().optional(),
    city: z.string().min(1),
    state: z.string().min(1),
    postalCode: z.string().min(1),
    country: z.string().min(1),
  })
  .meta({ id: "Address" });
export type Address = z.infer<typeof addressSchema>;

export const multipleChoiceAnswerSchema = z
  .object({ question: z.string(), answer: z.string() })
  .meta({ id: "MultipleChoiceAnswer" });
export type MultipleChoiceAnswer = z.infer<typeof multipleChoiceAnswerSchema>;

/** One response of an assessment: its `type` says the type of its `value` (the published `oneOf`). */
/** Backroom extension on each response: which checklist question it answers (docs/inspection.md). */
const answered = {
  question: z.string().optional().meta({ description: "Backroom extension: the checklist question's key." }),
  label: z.string().optional().meta({ description: "Backroom extension: the question, as asked." }),
};

export const assessmentResponseSchema = z
  .discriminatedUnion("type", [
    z.object({ type: z.literal("short_text"), value: z.string(), ...answered }),
    z.object({ type: z.literal("long_text"), value: z.string(), ...answered }),
    z.object({
      type: z.literal("select"),
      value: z.array(z.string()).meta({ description: "The options chosen." }),
      ...answered,
    }),
    z.object({ type: z.literal("number"), value: z.number(), ...answered }),
    z.object({ type: z.literal("boolean"), value: z.boolean(), ...answered }),
    z.object({
      type: z.literal("file_upload"),
      value: z.array(z.string()).meta({ description: "URLs or identifiers of the files." }),
      ...answered,
    }),
    z.object({ type: z.literal("date"), value: timestampSchema, ...answered }),
  ])
  .meta({ id: "AssessmentResponse" });
export type AssessmentResponse = z.infer<typeof assessmentResponseSchema>;
