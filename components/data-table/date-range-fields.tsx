"use client";

import { useEffect, useRef, useState } from "react";
import { useStoreTimeZone } from "@/components/app/staff-context";
import { describedBy, Field, TextInput } from "@/components/ui/field";
import { isCalendarDay } from "@/lib/calendar-days";
import type { ParamPatch } from "./use-url-params";

/** Edits of a date closer together than this are one history entry (typing a year is four edits). */
const DATE_BURST_MS = 1500;
const DATE_SETTLE_MS = 400;

/**
 * A list's "Created from" and "Created to" day inputs over the URL's `from` and `to` (calendar-days.ts), as
 * two grid cells of the filters. The days are the store's (Settings -> Store).
 */
export function DateRangeFields({
  id,
  from,
  to,
  push,
  replace,
}: {
  id: string;
  from: string | undefined;
  to: string | undefined;
  push: (patch: ParamPatch) => void;
  replace: (patch: ParamPatch) => void;
}) {
  const dates = useDateDrafts({ from, to }, push, replace);
  const rangeError = from && to && to < from ? "The end is before the start." : null;
  const zone = useStoreTimeZone();
  const fromHint = `From 00:00 ${zone}, inclusive.`;
  const toHint = `Through 23:59 ${zone}, inclusive.`;
  return (
    <>
      <Field id={`${id}-from`} label="Created from" hint={fromHint}>
        <TextInput
          type="date"
          {...describedBy(`${id}-from`, null, fromHint)}
          value={dates.from}
          max={to}
          onChange={(event) => dates.change("from", event.target.value)}
        />
      </Field>
      <Field id={`${id}-to`} label="Created to" hint={toHint} error={rangeError}>
        <TextInput
          type="date"
          {...describedBy(`${id}-to`, rangeError, toHint)}
          value={dates.to}
          min={from}
          onChange={(event) => dates.change("to", event.target.value)}
        />
      </Field>
    </>
  );
}

/**
 * The date inputs' text follows the URL, but an edit reaches the URL only once it settles and is a whole
 * day (or empty): typing "2025" into the year passes through 0002, 0020 and 0202, which should neither
 * load three lists nor leave three steps in the history. The first edit of a burst adds a history entry;
 * the rest of the burst replaces it.
 */
function useDateDrafts(
  range: { from: string | undefined; to: string | undefined },
  push: (patch: ParamPatch) => void,
  replace: (patch: ParamPatch) => void,
) {
  const [drafts, setDrafts] = useState({ from: range.from ?? "", to: range.to ?? "" });
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const lastCommit = useRef(0);

  // Back, forward and "Clear filters" change the URL: the inputs show what it says.
  // An edit still settling is dropped then: the newer URL wins.
  useEffect(() => {
    clearTimeout(timer.current);
    setDrafts({ from: range.from ?? "", to: range.to ?? "" });
  }, [range.from, range.to]);
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
