"use client";

import { X } from "lucide-react";
import { type KeyboardEvent, useState } from "react";
import { controlClasses, describedBy, FieldError } from "@/components/ui/field";
import { formatNumber } from "@/lib/client/format";
import { type PendingAction, type PendingLine, SERIAL_MAX_LENGTH } from "./pending-receipt";
import type { LineField } from "./receipt-body";

/**
 * The serial numbers (or license plates) of a line's units into stock (docs/receiving.md "Serials"): optional,
 * one per unit, indexed by the receipt for the chain of custody a return's inspection looks up. Built for a
 * scanner: each serial and Enter adds it and keeps the field, so the next unit's serial follows; Enter on an
 * empty field goes back to the scan field (`#scan-field`) for counting.
 */
export function SerialFields({
  itemId,
  title,
  line,
  intoStock,
  errors,
  dispatch,
}: {
  itemId: string;
  title: string;
  line: PendingLine;
  /** The line's units into stock (counted − damaged): at most that many serials. */
  intoStock: number;
  errors: Partial<Record<LineField, string>>;
  dispatch: (action: PendingAction) => void;
}) {
  const [draft, setDraft] = useState("");
  const [message, setMessage] = useState<string | null>(null);
  const id = `line-${itemId}-serials`;

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== "Enter") return;
    event.preventDefault();
    const serial = draft.trim();
    if (serial === "") {
      document.getElementById("scan-field")?.focus();
      return;
    }
    if (line.serials.includes(serial)) setMessage(`${serial} is already on this line.`);
    else if (serial.length > SERIAL_MAX_LENGTH)
      setMessage(`A serial is at most ${SERIAL_MAX_LENGTH} characters.`);
    else {
      dispatch({ type: "addSerial", itemId, serial });
      setMessage(null);
    }
    setDraft("");
  };

  return (
    <div className="mt-3">
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        Serial numbers<span className="text-slate-500"> (optional)</span>
        <span className="sr-only"> of {title}</span>
      </label>
      <p id={`${id}-hint`} className="text-sm text-slate-600">
        {formatNumber(line.serials.length)} {line.serials.length === 1 ? "serial" : "serials"} for{" "}
        {formatNumber(intoStock)} {intoStock === 1 ? "unit" : "units"} into stock. Scan or type one and press
        Enter; Enter on an empty field returns to the scan field.
      </p>
      <input
        {...describedBy(id, errors.serials, "hint")}
        autoComplete="off"
        spellCheck={false}
        value={draft}
        onChange={(event) => setDraft(event.target.value)}
        onKeyDown={onKeyDown}
        className={`${controlClasses} mt-1 h-11 w-full max-w-sm scroll-mt-72 scroll-mb-40 font-mono`}
      />
      <FieldError id={id} error={errors.serials} />
      <p aria-live="polite" className="text-sm text-amber-800">
        {message}
      </p>
      {line.serials.length > 0 ? (
        <ul aria-label={`Serial numbers of ${title}`} className="mt-2 flex flex-wrap gap-2">
          {line.serials.map((serial) => (
            <li
              key={serial}
              className="inline-flex items-center gap-1 rounded-md bg-slate-100 py-1 pr-1 pl-2 font-mono text-sm text-slate-800 ring-1 ring-slate-300 ring-inset"
            >
              {serial}
              <button
                type="button"
                onClick={() => dispatch({ type: "removeSerial", itemId, serial })}
                className="inline-flex size-8 items-center justify-center rounded hover:bg-slate-200 focus-visible:outline-2 focus-visible:outline-indigo-600"
              >
                <X aria-hidden="true" className="size-4" />
                <span className="sr-only">
                  Remove serial {serial} of {title}
                </span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
