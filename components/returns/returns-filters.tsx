"use client";

import { Search, X } from "lucide-react";
import { useEffect, useId, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { controlClasses, Select } from "@/components/ui/field";
import { RETURN_STATUSES } from "@/lib/enums";
import { RETURN_STATUS_LABELS } from "./return-badges";
import { RETURN_LIST_ORDERS, type ReturnListOrder } from "./use-return-list-params";

const SEARCH_DELAY_MS = 300;

/** Search box, status and order selects of the returns list; the URL holds their values (see useReturnListParams). */
export function ReturnsFilters({
  q,
  status,
  order,
  onQueryChange,
  onStatusChange,
  onOrderChange,
  onClear,
}: {
  q: string;
  status: string | undefined;
  order: ReturnListOrder;
  onQueryChange: (value: string) => void;
  onStatusChange: (value: string) => void;
  onOrderChange: (value: ReturnListOrder) => void;
  onClear: () => void;
}) {
  const searchId = useId();
  const statusId = useId();
  const orderId = useId();
  const [draft, setDraft] = useState(q);
  // The last value this box sent to the URL: when the URL comes back with it, the box is already ahead
  // (the user kept typing) and must not be reset; any other URL value came from back/forward or a link.
  const sent = useRef(q);

  useEffect(() => {
    if (q !== sent.current) {
      sent.current = q;
      setDraft(q);
    }
  }, [q]);

  useEffect(() => {
    const value = draft.trim();
    if (value === sent.current) return;
    const timer = window.setTimeout(() => {
      sent.current = value;
      onQueryChange(value);
    }, SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [draft, onQueryChange]);

  const filtered = Boolean(q || status);

  return (
    <search aria-label="Filter returns">
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          sent.current = draft.trim();
          onQueryChange(draft.trim());
        }}
      >
        <div className="min-w-56 flex-1 sm:max-w-sm">
          <label htmlFor={searchId} className="block text-sm font-medium text-slate-800">
            Search
          </label>
          <div className="relative mt-1">
            <Search
              className="pointer-events-none absolute top-1/2 left-2.5 size-4 -translate-y-1/2 text-slate-500"
              aria-hidden="true"
            />
            <input
              id={searchId}
              type="search"
              value={draft}
              onChange={(event) => setDraft(event.target.value)}
              placeholder="Order, customer name or email"
              maxLength={200}
              autoComplete="off"
              className={`${controlClasses} h-9 pl-8`}
            />
          </div>
        </div>
        <div className="w-48">
          <label htmlFor={statusId} className="block text-sm font-medium text-slate-800">
            Status
          </label>
          <Select
            id={statusId}
            className="mt-1"
            value={status ?? ""}
            onChange={(event) => onStatusChange(event.target.value)}
          >
            <option value="">All statuses</option>
            {RETURN_STATUSES.map((value) => (
              <option key={value} value={value}>
                {RETURN_STATUS_LABELS[value]}
              </option>
            ))}
          </Select>
        </div>
        <div className="w-52">
          <label htmlFor={orderId} className="block text-sm font-medium text-slate-800">
            Sort
          </label>
          <Select
            id={orderId}
            className="mt-1"
            value={order}
            onChange={(event) => onOrderChange(event.target.value as ReturnListOrder)}
          >
            {Object.entries(RETURN_LIST_ORDERS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </Select>
        </div>
        {filtered ? (
          <Button
            variant="ghost"
            onClick={() => {
              sent.current = "";
              setDraft("");
              onClear();
            }}
          >
            <X className="size-4" aria-hidden="true" />
            Clear filters
          </Button>
        ) : null}
      </form>
    </search>
  );
}
