"use client";

import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { ReturnRow, RowSelection } from "./returns-table";

/**
 * The returns list's selected rows, by id. Shift-toggling a row makes every row between it and the last
 * toggled one follow it (the spreadsheet habit). A filter change empties the selection: the rows it
 * named may not be in the new list.
 */
export function useRowSelection(rows: readonly ReturnRow[], filters: unknown) {
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const anchor = useRef<string | null>(null);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on a filter change only.
  useEffect(() => {
    setSelected(new Set());
    anchor.current = null;
  }, [filters]);

  const onToggle = useCallback(
    (id: string, range: boolean) => {
      // Read now: the updater below runs at the next render, after the anchor has moved to this row.
      const previous = anchor.current;
      setSelected((current) => {
        const next = new Set(current);
        const checked = !current.has(id);
        const ids = rows.map((row) => row.ret.id);
        const from = previous ? ids.indexOf(previous) : -1;
        const to = ids.indexOf(id);
        if (range && from >= 0 && to >= 0) {
          for (const rowId of ids.slice(Math.min(from, to), Math.max(from, to) + 1)) {
            if (checked) next.add(rowId);
            else next.delete(rowId);
          }
        } else if (checked) next.add(id);
        else next.delete(id);
        return next;
      });
      anchor.current = id;
    },
    [rows],
  );

  const onToggleAll = useCallback(
    (checked: boolean) => setSelected(checked ? new Set(rows.map((row) => row.ret.id)) : new Set()),
    [rows],
  );

  const clear = useCallback(() => setSelected(new Set()), []);
  const replace = useCallback((ids: readonly string[]) => setSelected(new Set(ids)), []);
  const table = useMemo<RowSelection>(
    () => ({ selected, onToggle, onToggleAll }),
    [selected, onToggle, onToggleAll],
  );
  return { table, clear, replace };
}
