import { type ItemIdentifierEntry, setItemIdentifiersBodySchema } from "@/lib/schemas/return-requests";

/**
 * The identifiers form's logic, kept free of React so it can be tested on its own: which items changed,
 * what the API's own schema says about them, and where each problem of a 400 belongs.
 */

/** Edited values by item id; an item that was not touched has no entry. */
export type IdentifierEdits = Readonly<Record<string, string>>;
/** One message per item id. */
export type ItemErrors = Readonly<Record<string, string>>;

type EditableItem = { id: string; externalIdentifier?: string };

/** What the item holds now, as the input shows it ("" when it has none). */
export function storedIdentifier(item: EditableItem): string {
  return item.externalIdentifier ?? "";
}

/** The entries to send: the edited items whose value differs from the stored one, in the items' order. */
export function changedEntries(
  items: readonly EditableItem[],
  edits: IdentifierEdits,
): ItemIdentifierEntry[] {
  return items.flatMap((item) => {
    const value = edits[item.id];
    return value !== undefined && value !== storedIdentifier(item)
      ? [{ id: item.id, externalIdentifier: value }]
      : [];
  });
}

export type IssueMapping = { byItem: ItemErrors; unplaced: string[] };

/**
 * Places problems reported at request paths (`items.2.externalIdentifier`, `items.0.id`) beside the item
 * that was sent at that index. The first problem of an item wins (it is the one to fix first); problems
 * that name no sent item (a whole-body problem) are returned as `unplaced`.
 */
export function placeIssues(
  sent: readonly ItemIdentifierEntry[],
  issues: readonly { path: string; message: string }[],
): IssueMapping {
  const byItem: Record<string, string> = {};
  const unplaced: string[] = [];
  for (const issue of issues) {
    const match = /^items\.(\d+)(?:\.|$)/.exec(issue.path);
    const entry = match ? sent[Number(match[1])] : undefined;
    if (entry) byItem[entry.id] ??= issue.message;
    else unplaced.push(issue.message);
  }
  return { byItem, unplaced };
}

/** Checks the entries with the request schema the API validates with; errors keyed by item id. */
export function validateEntries(entries: readonly ItemIdentifierEntry[]): ItemErrors {
  if (entries.length === 0) return {};
  const result = setItemIdentifiersBodySchema.safeParse({ items: entries });
  if (result.success) return {};
  const issues = result.error.issues.map((issue) => ({
    path: issue.path.map(String).join("."),
    message: issue.message,
  }));
  return placeIssues(entries, issues).byItem;
}

/**
 * The form's state after a 400 from the API: each field problem beside its item; a problem naming an item
 * that was not sent (should the server ever report one) and whole-body problems as a form message.
 * `return/item-not-found` names the unknown ids at `items.N.id`, so it lands on the same inputs.
 */
export function serverErrorsFor(
  sent: readonly ItemIdentifierEntry[],
  error: { errors: readonly { path: string; message: string }[]; detail: string },
): { byItem: ItemErrors; formError: string | null } {
  const { byItem, unplaced } = placeIssues(sent, error.errors);
  const placed = Object.keys(byItem).length > 0;
  const formError = unplaced.length > 0 ? unplaced.join(" ") : placed ? null : error.detail;
  return { byItem, formError };
}
