"use client";

import { Search, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { FilterSelect, locationOptions } from "@/components/data-table/filter-select";
import type { ParamPatch } from "@/components/data-table/use-url-params";
import { Button } from "@/components/ui/button";
import { Field, TextInput } from "@/components/ui/field";
import { humanize } from "@/lib/client/format";
import { INVENTORY_ITEM_KINDS } from "@/lib/enums";
import type { Location } from "@/lib/schemas/locations";
import { type InventoryUrlFilters, SEARCH_MAX_LENGTH } from "./inventory-url-filters";

const SEARCH_SETTLE_MS = 300;
const KIND_OPTIONS = INVENTORY_ITEM_KINDS.map((kind) => ({ value: kind, label: humanize(kind) }));

export function InventoryFiltersBar({
  filters,
  locations,
  push,
  replace,
}: {
  filters: InventoryUrlFilters;
  locations: Location[] | undefined;
  push: (patch: ParamPatch) => void;
  replace: (patch: ParamPatch) => void;
}) {
  const id = useId();
  const search = useSearchDraft(filters.q ?? "", replace);

  return (
    <search
      aria-label="Filter inventory"
      className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm"
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          search.flush();
        }}
      >
        <div className="grid grid-cols-2 items-end gap-3 lg:grid-cols-[minmax(0,2fr)_repeat(2,minmax(0,1fr))]">
          <Field id={`${id}-q`} label="Search" className="col-span-2 lg:col-span-1">
            <div className="relative">
              <Search
                aria-hidden="true"
                className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-slate-500"
              />
              <TextInput
                id={`${id}-q`}
                type="search"
                value={search.value}
                maxLength={SEARCH_MAX_LENGTH}
                placeholder="Name or SKU"
                className="pl-8"
                onChange={(event) => search.change(event.target.value)}
              />
            </div>
          </Field>
          <FilterSelect
            id={`${id}-kind`}
            label="Kind"
            allLabel="All kinds"
            value={filters.kind}
            options={KIND_OPTIONS}
            onChange={(kind) => push({ kind })}
          />
          <FilterSelect
            id={`${id}-location`}
            label="Location"
            allLabel="All locations"
            value={filters.location}
            options={locationOptions(locations)}
            onChange={(location) => push({ location })}
          />
        </div>
        {filters.sku ? (
          <p className="mt-3 flex items-center gap-2 text-sm text-slate-700">
            Only SKU{" "}
            <span className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs">{filters.sku}</span>
            <Button size="sm" variant="ghost" onClick={() => push({ sku: null })}>
              <X aria-hidden="true" className="size-3.5" />
              Any SKU
            </Button>
          </p>
        ) : null}
      </form>
    </search>
  );
}

/**
 * The search box's text. Typing rewrites the current history entry once it settles (no step per keystroke);
 * when the URL changes from elsewhere (back, forward, "Clear filters") the box shows the URL's value.
 */
function useSearchDraft(urlValue: string, replace: (patch: ParamPatch) => void) {
  const [value, setValue] = useState(urlValue);
  const committed = useRef(urlValue);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (urlValue !== committed.current) {
      clearTimeout(timer.current);
      committed.current = urlValue;
      setValue(urlValue);
    }
  }, [urlValue]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const commit = (text: string) => {
    clearTimeout(timer.current);
    committed.current = text.trim();
    replace({ q: text.trim() });
  };
  return {
    value,
    change(text: string) {
      setValue(text);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => commit(text), SEARCH_SETTLE_MS);
    },
    flush: () => commit(value),
  };
}
