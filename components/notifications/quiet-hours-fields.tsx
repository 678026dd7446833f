"use client";

import { useId } from "react";
import { TextInput } from "@/components/ui/field";

/** Quiet hours' two times of the store's day (From, Until), for one's own and the store's defaults. */
export function QuietHoursFields({
  start,
  end,
  onChange,
}: {
  start: string;
  end: string;
  onChange: (times: { start: string; end: string }) => void;
}) {
  const id = useId();
  return (
    <div className="flex flex-wrap items-end gap-3 pl-6">
      <div>
        <label htmlFor={`${id}-start`} className="block text-sm text-slate-800">
          From
        </label>
        <TextInput
          id={`${id}-start`}
          type="time"
          required
          value={start}
          onChange={(event) => onChange({ start: event.target.value, end })}
          className="mt-1 w-32"
        />
      </div>
      <div>
        <label htmlFor={`${id}-end`} className="block text-sm text-slate-800">
          Until
        </label>
        <TextInput
          id={`${id}-end`}
          type="time"
          required
          value={end}
          onChange={(event) => onChange({ start, end: event.target.value })}
          className="mt-1 w-32"
        />
      </div>
    </div>
  );
}
