"use client";

import type { ReactNode } from "react";
import type { SearchDraft } from "./search-field";

/**
 * The frame of a list's filters: a labelled search landmark around a form whose Enter sends the search box
 * at once (typing sends it once it settles). Shipments and inventory sit their filters on a card; returns
 * keep them bare under their status tabs.
 */
export function FilterForm({
  label,
  search,
  card = true,
  className,
  children,
}: {
  label: string;
  search: SearchDraft;
  card?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <search
      aria-label={label}
      className={card ? "rounded-lg border border-slate-200 bg-white p-4 shadow-sm" : undefined}
    >
      <form
        className={className}
        onSubmit={(event) => {
          event.preventDefault();
          search.flush();
        }}
      >
        {children}
      </form>
    </search>
  );
}
