"use client";

import { X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { useStoreTimeZone } from "@/components/app/staff-context";
import { FilterForm } from "@/components/data-table/filter-form";
import { FilterSelect, locationOptions } from "@/components/data-table/filter-select";
import { SearchField, useSearchDraft } from "@/components/data-table/search-field";
import type { ParamPatch } from "@/components/data-table/use-url-params";
import { describedBy, Field, TextInput } from "@/components/ui/field";
import { humanize } from "@/lib/client/format";
import { INBOUND_SHIPMENT_STATUSES } from "@/lib/enums";
import type { Location } from "@/lib/schemas/locations";
import { isCalendarDay, type ShipmentUrlFilters } from "./shipment-url-filters";

/** Edits of a date closer together than this are one history entry (typing a year is four edits). */
const DATE_BURST_MS = 1500;
const DATE_SETTLE_MS = 400;
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
  const dates = useDateDrafts(filters, push, replace);
  const search = useSearchDraft(filters.q ?? "", replace);
  const rangeError =
    filters.from && filters.to && filters.to < filters.from ? "The end is before the start." : null;
  // The days are the store's (Settings -> Store), as toShipmentListFilters sends them.
  const zone = useStoreTimeZone();
  const fromHint = `From 00:00 ${zone}, inclusive.`;
  const toHint = `Through 23:59 ${zone}, inclusive.`;

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
        <Field id={`${id}-from`} label="Created from" hint={fromHint}>
          <TextInput
            type="date"
            {...describedBy(`${id}-from`, null, fromHint)}
            value={dates.from}
            max={filters.to}
            onChange={(event) => dates.change("from", event.target.value)}
          />
        </Field>
        <Field id={`${id}-to`} label="Created to" hint={toHint} error={rangeError}>
          <TextInput
            type="date"
            {...describedBy(`${id}-to`, rangeError, toHint)}
            value={dates.to}
            min={filters.from}
            onChange={(event) => dates.change("to", event.target.value)}
          />
        </Field>
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

/**
 * The date inputs' text follows the URL, but an edit reaches the URL only once it settles and is a whole
 * day (or empty): typing "2025" into the year passes through 0002, 0020 and 0202, which should neither
 * load three lists nor leave three steps in the history. The first edit of a burst adds a history entry;
 * the rest of the burst replaces it.
 */
function useDateDrafts(
  filters: ShipmentUrlFilters,
  push: (patch: ParamPatch) => void,
  replace: (patch: ParamPatch) => void,
) {
  const [drafts, setDrafts] = useState({ from: filters.from ?? "", to: filters.to ?? "" });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastCommit = useRef(0);

  // Back, forward and "Clear filters" change the URL: the inputs show what it says.
  // An edit still settling is dropped then: the newer URL wins.
  useEffect(() => {
    clearTimeout(timer.current);
    setDrafts({ from: filters.from ?? "", to: filters.to ?? "" });
  }, [filters.from, filters.to]);
  useEffect(() => () => clearTimeout(timer.current), []);

  return {
    ...drafts,
    change(key: "from" | "to", value: string) {
      setDrafts((current) => ({ ...current, [key]: value }));
      clearTimeout(timer.current);
      if (value !== "" && !isCalendarDay(value)) return;
      timer.current = setTimeout(() => {
        const now = Date.now();
        const update = now - lastCommit.current < DATE_BURST_MS ? replace : push;
        lastCommit.current = now;
        update({ [key]: value });
      }, DATE_SETTLE_MS);
    },
  };
}
