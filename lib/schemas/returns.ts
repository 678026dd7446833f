import { z } from "zod";

/**
 * Value objects of a return (interface-v2.2 "Return"). Addresses, multiple-choice answers and assessment
 * responses are stored as jsonb, so these schemas are what keeps the stored shape honest.
 * The full request and response schemas of the return operations are added beside them by the API work.
 */

export const addressSchema = z.object({
  line1: z.string().min(1),
  line2: z.string().optional(),
  city: z.string().min(1),
  state: z.string().min(1),
  postalCode: z.string().min(1),
  country: z.string().min(1),
});
export type Address = z.infer<typeof addressSchema>;

export const multipleChoiceAnswerSchema = z.object({ question: z.string(), answer: z.string() });
export type MultipleChoiceAnswer = z.infer<typeof multipleChoiceAnswerSchema>;

export const assessmentResponseSchema = z.object({ type: z.string(), value: z.string() });
export type AssessmentResponse = z.infer<typeof assessmentResponseSchema>;
