"use client";

import { X } from "lucide-react";
import { useId } from "react";
import { FilterForm } from "@/components/data-table/filter-form";
import { FilterSelect, locationOptions } from "@/components/data-table/filter-select";
import { SearchField, useSearchDraft } from "@/components/data-table/search-field";
import type { ParamPatch } from "@/components/data-table/use-url-params";
import { Button } from "@/components/ui/button";
import { humanize } from "@/lib/client/format";
import { INVENTORY_ITEM_KINDS } from "@/lib/enums";
import type { Location } from "@/lib/schemas/locations";
import type { InventoryUrlFilters } from "./inventory-url-filters";

const KIND_OPTIONS = INVENTORY_ITEM_KINDS.map((kind) => ({ value: kind, label: humanize(kind) }));
const STOCK_OPTIONS = [
  { value: "in_stock", label: "In stock" },
  { value: "out_of_stock", label: "Out of stock" },
];

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
    <FilterForm label="Filter inventory" search={search}>
      <div className="grid grid-cols-2 items-end gap-3 lg:grid-cols-[minmax(0,2fr)_repeat(3,minmax(0,1fr))]">
        <SearchField
          id={`${id}-q`}
          search={search}
          placeholder="Name or SKU"
          className="col-span-2 lg:col-span-1"
        />
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
        <FilterSelect
          id={`${id}-stock`}
          label="Stock"
          allLabel="Any stock"
          value={filters.stock}
          options={STOCK_OPTIONS}
          onChange={(stock) => push({ stock })}
        />
      </div>
      {filters.sku ? (
        <p className="mt-3 flex items-center gap-2 text-sm text-slate-700">
          Only SKU <span className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-xs">{filters.sku}</span>
          <Button size="sm" variant="ghost" onClick={() => push({ sku: null })}>
            <X aria-hidden="true" className="size-3.5" />
            Any SKU
          </Button>
        </p>
      ) : null}
    </FilterForm>
  );
}
