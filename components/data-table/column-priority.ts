/** A column as far as fitting it into a width goes: its id, its width in px and its priority, if any. */
type SizedColumn = { id: string; size: number; priority?: number };

/**
 * The columns to hide so the table fits `width` px, as TanStack's column visibility ({ id: false }). Columns
 * without a priority always stay; the others are added most important first (ties left to right), each only
 * if it still fits, so a narrow one further down the list can take the room a wide one could not. Index
 * tables condense like this on a tablet: the key columns stay readable instead of scrolling out of view.
 * An unknown width (0, not yet measured) hides nothing.
 */
export function columnsToHide(columns: SizedColumn[], width: number): Record<string, false> {
  if (width <= 0) return {};
  let used = columns.reduce((sum, column) => sum + (column.priority === undefined ? column.size : 0), 0);
  const optional = columns
    .map((column, index) => ({ ...column, index }))
    .filter((column) => column.priority !== undefined)
    .sort((a, b) => (a.priority ?? 0) - (b.priority ?? 0) || a.index - b.index);
  const hidden: Record<string, false> = {};
  for (const column of optional) {
    if (used + column.size <= width) used += column.size;
    else hidden[column.id] = false;
  }
  return hidden;
}
