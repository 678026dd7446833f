"use client";

import { useId } from "react";
import { FilterForm } from "@/components/data-table/filter-form";
import { FilterSelect } from "@/components/data-table/filter-select";
import { SearchField, useSearchDraft } from "@/components/data-table/search-field";
import type { ParamPatch } from "@/components/data-table/use-url-params";
import { Field, Select } from "@/components/ui/field";
import { RETURN_STATUSES } from "@/lib/enums";
import { RETURN_STATUS_LABELS } from "./return-badges";
import {
  orderParams,
  RETURN_LIST_ORDERS,
  type ReturnListOrder,
  type ReturnUrlFilters,
} from "./return-url-filters";

const STATUS_OPTIONS = RETURN_STATUSES.map((status) => ({
  value: status,
  label: RETURN_STATUS_LABELS[status],
}));

/**
 * Search box, status and order selects of the returns list; the URL holds their values. "Clear filters"
 * is the list's own, beside its summary line, as on the other lists.
 */
export function ReturnsFilters({
  filters,
  push,
  replace,
}: {
  filters: ReturnUrlFilters;
  push: (patch: ParamPatch) => void;
  replace: (patch: ParamPatch) => void;
}) {
  const id = useId();
  const search = useSearchDraft(filters.q ?? "", replace);
  return (
    <FilterForm
      label="Filter returns"
      search={search}
      card={false}
      className="flex flex-wrap items-end gap-3"
    >
      <SearchField
        id={`${id}-q`}
        search={search}
        placeholder="Order, customer name or email"
        className="min-w-56 flex-1 sm:max-w-sm"
      />
      <div className="w-48">
        <FilterSelect
          id={`${id}-status`}
          label="Status"
          allLabel="All statuses"
          value={filters.status}
          options={STATUS_OPTIONS}
          onChange={(status) => push({ status })}
        />
      </div>
      <Field id={`${id}-order`} label="Sort" className="w-52">
        <Select
          id={`${id}-order`}
          value={filters.order}
          onChange={(event) => push(orderParams(event.target.value as ReturnListOrder))}
        >
          {Object.entries(RETURN_LIST_ORDERS).map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </Select>
      </Field>
    </FilterForm>
  );
}
