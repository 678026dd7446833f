import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db";
import { dispositionRules, stores } from "../../db/schema";
import type { DispositionRule } from "../../schemas/dispositions";

/**
 * A store's disposition rules (docs/dispositions.md): an ordered list read and replaced whole (Settings edits it
 * as one form), so two editors saving at once leave one list. The process panel pre-fills an item's disposition
 * from the first rule matching its grade, outcome and checklist answers; the inspector confirms or changes it.
 */

export async function listDispositionRules(db: Db, storeId: string): Promise<DispositionRule[]> {
  const rows = await db
    .select()
    .from(dispositionRules)
    .where(eq(dispositionRules.storeId, storeId))
    .orderBy(asc(dispositionRules.position));
  return rows.map((row) => ({
    grade: row.grade,
    outcome: row.outcome,
    answer:
      row.answerQuestion !== null && row.answerEquals !== null
        ? { question: row.answerQuestion, equals: row.answerEquals }
        : null,
    disposition: row.disposition,
  }));
}

export async function replaceDispositionRules(
  db: Db,
  storeId: string,
  rules: readonly DispositionRule[],
): Promise<DispositionRule[]> {
  return db.transaction(async (tx) => {
    // The store's row lock: two replaces take turns, so neither meets the other's rows at its positions.
    await tx.select({ id: stores.id }).from(stores).where(eq(stores.id, storeId)).for("update");
    await tx.delete(dispositionRules).where(eq(dispositionRules.storeId, storeId));
    if (rules.length > 0) {
      await tx.insert(dispositionRules).values(
        rules.map((rule, position) => ({
          storeId,
          position,
          grade: rule.grade,
          outcome: rule.outcome,
          answerQuestion: rule.answer?.question ?? null,
          answerEquals: rule.answer?.equals ?? null,
          disposition: rule.disposition,
        })),
      );
    }
    return listDispositionRules(tx, storeId);
  });
}
