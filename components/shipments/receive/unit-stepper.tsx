"use client";

import { Minus, Plus } from "lucide-react";
import { controlClasses, describedBy } from "@/components/ui/field";

const stepButton =
  "inline-flex size-11 shrink-0 items-center justify-center rounded-md bg-white text-slate-800 shadow-sm ring-1 ring-inset ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 disabled:text-slate-300";

/**
 * A count with − and + buttons big enough for a gloved finger (44 px), and the number itself editable for
 * a count typed from a packing slip.
 */
export function UnitStepper({
  id,
  label,
  value,
  onChange,
  error,
}: {
  id: string;
  /** Names the count for the buttons too: "Received units of Wool socks". */
  label: string;
  value: number;
  onChange: (value: number) => void;
  error?: string;
}) {
  return (
    <div className="flex items-center gap-1.5">
      <button
        type="button"
        className={stepButton}
        onClick={() => onChange(value - 1)}
        disabled={value <= 0}
        aria-label={`One less: ${label}`}
      >
        <Minus aria-hidden="true" className="size-5" />
      </button>
      <input
        {...describedBy(id, error)}
        aria-label={label}
        inputMode="numeric"
        autoComplete="off"
        value={String(value)}
        onChange={(event) => {
          const digits = event.target.value.replace(/\D/g, "");
          onChange(digits === "" ? 0 : Number(digits));
        }}
        // The whole number is selected on focus, so typing replaces it instead of appending to it.
        onFocus={(event) => event.currentTarget.select()}
        className={`${controlClasses} h-11 w-20 text-center text-lg tabular-nums`}
      />
      <button
        type="button"
        className={stepButton}
        onClick={() => onChange(value + 1)}
        aria-label={`One more: ${label}`}
      >
        <Plus aria-hidden="true" className="size-5" />
      </button>
    </div>
  );
}
