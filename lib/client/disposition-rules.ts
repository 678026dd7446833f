import type { Disposition } from "@/lib/enums";
import type { DispositionRule } from "@/lib/schemas/dispositions";
import type { InspectionAnswer } from "@/lib/schemas/inspection";
import { answerText } from "@/lib/schemas/inspection-rules";

/** An inspected item as the rules see it: its grade, outcome and checklist answers by question key. */
export type RuleSubject = {
  grade: string;
  outcome: string;
  answers?: ReadonlyMap<string, InspectionAnswer["value"]>;
};

/**
 * The first of a store's disposition rules matching an item (docs/dispositions.md), or undefined. A rule's grade
 * matches the item's grade whole or as its leading word (`C` matches `C - Visible wear`), its outcome anywhere
 * in the item's outcome (`missing accessories`), both whatever the case; its answer when the item's checklist
 * answered that question so, compared as the checklist's `required_when` compares (`yes`/`no`, whatever the
 * case). A null side matches anything; an item without a grade, outcome or that answer matches only rules that
 * do not ask for one.
 */
export function matchDispositionRule(
  rules: readonly DispositionRule[],
  item: RuleSubject,
): { rule: DispositionRule; disposition: Disposition } | undefined {
  const grade = item.grade.trim().toLowerCase();
  const outcome = item.outcome.trim().toLowerCase().replaceAll("_", " ");
  for (const rule of rules) {
    const wantGrade = rule.grade?.trim().toLowerCase();
    const wantOutcome = rule.outcome?.trim().toLowerCase().replaceAll("_", " ");
    const gradeOk =
      wantGrade === undefined ||
      grade === wantGrade ||
      (grade.startsWith(wantGrade) && /^[\s-]/.test(grade.slice(wantGrade.length)));
    const outcomeOk = wantOutcome === undefined || (outcome !== "" && outcome.includes(wantOutcome));
    const answerOk =
      !rule.answer ||
      answerText(item.answers?.get(rule.answer.question)) === rule.answer.equals.trim().toLowerCase();
    if (gradeOk && outcomeOk && answerOk) return { rule, disposition: rule.disposition };
  }
  return undefined;
}

/** A rule's conditions in words, for the pre-fill's hint and the read-only list: `grade C and "accessories" is no`. */
export function ruleWords(rule: DispositionRule, labelOf: (question: string) => string = (q) => q): string {
  return [
    rule.grade ? `grade ${rule.grade}` : null,
    rule.outcome ? `outcome “${rule.outcome}”` : null,
    rule.answer ? `“${labelOf(rule.answer.question)}” answered ${rule.answer.equals}` : null,
  ]
    .filter(Boolean)
    .join(" and ");
}
