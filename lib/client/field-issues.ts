import type { FieldIssue } from "./api-client";

/**
 * A form's API field errors placed beside the items it sent: `items` matches a path naming the N-th item
 * sent (group 1, N; group 2, the rest of the path, if any), `sentIds` names them in the order sent, and
 * `fieldOf` says which of the item's fields the rest of the path is about. The first message for a field
 * wins; an issue of no item sent is left in `others`, in order.
 */
export function placeIssuesOnItems<Field extends string>(
  issues: readonly FieldIssue[],
  { items, sentIds, fieldOf }: { items: RegExp; sentIds: readonly string[]; fieldOf(rest?: string): Field },
): { byItem: Map<string, Partial<Record<Field, string>>>; others: FieldIssue[] } {
  const byItem = new Map<string, Partial<Record<Field, string>>>();
  const others: FieldIssue[] = [];
  for (const issue of issues) {
    const match = items.exec(issue.path);
    const itemId = match ? sentIds[Number(match[1])] : undefined;
    if (!match || !itemId) {
      others.push(issue);
      continue;
    }
    const problems: Partial<Record<Field, string>> = byItem.get(itemId) ?? {};
    problems[fieldOf(match[2])] ??= issue.message;
    byItem.set(itemId, problems);
  }
  return { byItem, others };
}
