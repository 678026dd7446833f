"use client";

import type { KeyboardEvent } from "react";
import { controlClasses, describedBy, FieldError } from "@/components/ui/field";
import type { LotField, PendingAction, PendingLine } from "./pending-receipt";
import type { LineField } from "./receipt-body";

/**
 * The lot number and expiry of a lot-tracked product's line (docs/bins.md "Lots and expiry"). Keyboard and
 * scanner first: a scanner reading the lot label types it and Enter into the lot field, and Enter moves on to
 * the expiry, then back to the scan field (`#scan-field`), so the next unit's scan lands where it belongs and
 * never in the lot.
 */
export function LotFields({
  itemId,
  title,
  line,
  errors,
  dispatch,
}: {
  itemId: string;
  title: string;
  line: PendingLine;
  errors: Partial<Record<LineField, string>>;
  dispatch: (action: PendingAction) => void;
}) {
  const base = `line-${itemId}`;
  const set = (field: LotField, value: string) => dispatch({ type: "lot", itemId, field, value });
  const enterMovesTo = (nextId: string) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    document.getElementById(nextId)?.focus();
  };
  return (
    <div className="mt-3 flex flex-wrap items-start gap-3">
      <div className="min-w-0 flex-1 basis-48">
        <label htmlFor={`${base}-lot_number`} className="block text-sm font-medium text-slate-800">
          Lot number<span className="sr-only"> of {title}</span>
        </label>
        <input
          {...describedBy(`${base}-lot_number`, errors.lot_number)}
          autoComplete="off"
          spellCheck={false}
          maxLength={100}
          value={line.lot_number}
          onChange={(event) => set("lot_number", event.target.value)}
          onKeyDown={enterMovesTo(`${base}-expiration_date`)}
          // Clear of the sticky scan panel and footer when focus (an error, Enter) brings it into view.
          className={`${controlClasses} mt-1 h-11 scroll-mt-72 scroll-mb-40 font-mono`}
        />
        <FieldError id={`${base}-lot_number`} error={errors.lot_number} />
      </div>
      <div className="w-44 shrink-0">
        <label htmlFor={`${base}-expiration_date`} className="block text-sm font-medium text-slate-800">
          Expiry<span className="text-slate-500"> (optional)</span>
          <span className="sr-only"> of {title}</span>
        </label>
        <input
          {...describedBy(`${base}-expiration_date`, errors.expiration_date)}
          type="date"
          value={line.expiration_date}
          onChange={(event) => set("expiration_date", event.target.value)}
          onKeyDown={enterMovesTo("scan-field")}
          className={`${controlClasses} mt-1 h-11 scroll-mt-72 scroll-mb-40`}
        />
        <FieldError id={`${base}-expiration_date`} error={errors.expiration_date} />
      </div>
    </div>
  );
}
