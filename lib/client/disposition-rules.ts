import type { Disposition } from "@/lib/enums";
import type { DispositionRule } from "@/lib/schemas/dispositions";

/**
 * The first of a store's disposition rules matching an item's grade and outcome (docs/dispositions.md), or
 * undefined. A rule's grade matches the item's grade whole or as its leading word (`C` matches `C - Visible
 * wear`), its outcome anywhere in the item's outcome (`missing accessories`), both whatever the case; a null
 * side matches anything. An item without a grade or outcome matches only rules that do not ask for one.
 */
export function matchDispositionRule(
  rules: readonly DispositionRule[],
  item: { grade: string; outcome: string },
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
    if (gradeOk && outcomeOk) return { rule, disposition: rule.disposition };
  }
  return undefined;
}
