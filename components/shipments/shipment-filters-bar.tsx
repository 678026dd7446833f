"use client";

import { X } from "lucide-react";
import { useId } from "react";
import { DateRangeFields } from "@/components/data-table/date-range-fields";
import { FilterForm } from "@/components/data-table/filter-form";
import { FilterSelect, locationOptions } from "@/components/data-table/filter-select";
import { SearchField, useSearchDraft } from "@/components/data-table/search-field";
import type { ParamPatch } from "@/components/data-table/use-url-params";
import { humanize } from "@/lib/client/format";
import { INBOUND_SHIPMENT_STATUSES } from "@/lib/enums";
import type { Location } from "@/lib/schemas/locations";
import type { ShipmentUrlFilters } from "./shipment-url-filters";

const STATUS_OPTIONS = INBOUND_SHIPMENT_STATUSES.map((status) => ({
  value: status,
  label: humanize(status),
}));

export function ShipmentFiltersBar({
  filters,
  locations,
  push,
  replace,
}: {
  filters: ShipmentUrlFilters;
  locations: Location[] | undefined;
  push: (patch: ParamPatch) => void;
  replace: (patch: ParamPatch) => void;
}) {
  const id = useId();
  const search = useSearchDraft(filters.q ?? "", replace);

  return (
    <FilterForm label="Filter shipments" search={search}>
      <SearchField
        id={`${id}-q`}
        search={search}
        placeholder="Tracking number, shipment id, reference or SKU"
        className="mb-3 max-w-md"
      />
      <div className="grid grid-cols-2 items-start gap-3 lg:grid-cols-4">
        <FilterSelect
          id={`${id}-status`}
          label="Status"
          allLabel="All statuses"
          value={filters.status}
          options={STATUS_OPTIONS}
          onChange={(status) => push({ status })}
        />
        <FilterSelect
          id={`${id}-location`}
          label="Destination"
          allLabel="All locations"
          value={filters.location}
          options={locationOptions(locations)}
          onChange={(location) => push({ location })}
        />
        {/* The days are the store's (Settings -> Store), as toShipmentListFilters sends them. */}
        <DateRangeFields id={id} from={filters.from} to={filters.to} push={push} replace={replace} />
      </div>
      <ArrivalFilterChips filters={filters} push={push} />
    </FilterForm>
  );
}

/**
 * The overview's links filter by arrival (`?late=true`, `?arriving=7`); no control sets these, so they
 * show as chips that say what the list holds and can be removed.
 */
function ArrivalFilterChips({
  filters,
  push,
}: {
  filters: ShipmentUrlFilters;
  push: (patch: ParamPatch) => void;
}) {
  const chips: { key: string; label: string }[] = [];
  if (filters.late) chips.push({ key: "late", label: "Late: not received, expected before today (UTC)" });
  if (filters.arriving !== undefined) {
    chips.push({
      key: "arriving",
      label: `Arriving: not received, expected from today to ${filters.arriving} days on (UTC)`,
    });
  }
  if (chips.length === 0) return null;
  return (
    <ul aria-label="Arrival filters" className="mt-3 flex flex-wrap gap-2">
      {chips.map((chip) => (
        <li
          key={chip.key}
          className="flex items-center gap-1 rounded-full bg-indigo-50 py-1 pr-1 pl-3 text-sm text-indigo-900"
        >
          {chip.label}
          <button
            type="button"
            onClick={() => push({ [chip.key]: null })}
            className="rounded-full p-1 hover:bg-indigo-100 focus-visible:outline-2 focus-visible:outline-indigo-600"
          >
            <X className="size-3.5" aria-hidden="true" />
            <span className="sr-only">Remove the filter {chip.key}</span>
          </button>
        </li>
      ))}
    </ul>
  );
}
