"use client";

import { FieldError } from "@/components/ui/field";
import { serialCount } from "./receipt-serials";

/**
 * The serials of one receipt line that a correction may take back, as checkboxes: shown once the line's received
 * units go down. Picking says which units never really arrived; they leave the chain of custody with the
 * correction (docs/inspection.md), the others stay.
 */
export function SerialsToTakeBack({
  id,
  title,
  held,
  picked,
  unitsTaken,
  error,
  onChange,
}: {
  /** The group's element id; its error is `${id}-error`. */
  id: string;
  title: string;
  /** The line's serials its receipt still holds. */
  held: readonly string[];
  picked: readonly string[];
  unitsTaken: number;
  error: string | undefined;
  onChange: (picked: string[]) => void;
}) {
  const toggle = (serial: string, on: boolean) =>
    onChange(on ? [...picked, serial] : picked.filter((other) => other !== serial));
  return (
    <fieldset id={id} className="mt-3">
      <legend className="text-sm text-slate-700">
        Serials taken back<span className="sr-only"> ({title})</span>
      </legend>
      <p id={`${id}-hint`} className="text-xs text-slate-500">
        {serialCount(held.length)} recorded.{" "}
        {unitsTaken === 1
          ? "Pick the serial of the unit taken back."
          : `Pick the serials of the units taken back: at most ${unitsTaken}.`}
      </p>
      <ul className="mt-1.5 flex flex-wrap gap-2">
        {held.map((serial) => (
          <li key={serial}>
            <label className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-slate-200 bg-white px-2.5 has-checked:border-indigo-400 has-checked:bg-indigo-50">
              <input
                type="checkbox"
                className="size-4 accent-indigo-600"
                checked={picked.includes(serial)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : `${id}-hint`}
                onChange={(event) => toggle(serial, event.target.checked)}
              />
              <span className="font-mono text-sm break-all text-slate-900">{serial}</span>
            </label>
          </li>
        ))}
      </ul>
      <FieldError id={id} error={error} />
    </fieldset>
  );
}
