import type { Checklist, ChecklistQuestion, InspectionAnswer } from "./inspection";

/**
 * When a checklist question must be answered (docs/inspection.md): one home for the rule the API enforces
 * (lib/domain/inspection/answers.ts) and the process panel shows before anything is sent.
 */

/** An answer as text, which `required_when.equals` is compared with (whatever the case); undefined: none. */
export function answerText(value: InspectionAnswer["value"] | undefined): string | undefined {
  if (value === undefined) return undefined;
  if (typeof value === "boolean") return value ? "yes" : "no";
  if (Array.isArray(value)) return value.length > 0 ? "yes" : undefined;
  const text = String(value).trim();
  return text === "" ? undefined : text.toLowerCase();
}

/** Why `question` must be answered for an item of `productType` given the other answers; null: it need not be. */
export function requiredBecause(
  question: ChecklistQuestion,
  checklist: Pick<Checklist, "questions">,
  productType: string | null | undefined,
  answers: ReadonlyMap<string, InspectionAnswer["value"]>,
): string | null {
  if (question.required) return "required";
  const when = question.required_when;
  if (!when) return null;
  if ("product_type" in when) {
    return productType?.trim().toLowerCase() === when.product_type.toLowerCase()
      ? `required for ${when.product_type}`
      : null;
  }
  const other = checklist.questions.find((q) => q.key === when.question);
  return answerText(answers.get(when.question)) === when.equals.toLowerCase()
    ? `required when ${other?.label ?? when.question} is ${when.equals}`
    : null;
}
