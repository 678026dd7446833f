"use client";

import { Search } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Field, TextInput } from "@/components/ui/field";
import { MAX_SEARCH_LENGTH } from "@/lib/schemas/limits";
import type { ParamPatch } from "./use-url-params";

const SEARCH_SETTLE_MS = 300;

/**
 * A list's search box text, whose trimmed value lives in the URL as `q`. Typing rewrites the current
 * history entry once it settles (no step per keystroke); when the URL changes from elsewhere (back,
 * forward, a status tab, "Clear filters") the box shows the URL's value.
 */
export function useSearchDraft(urlValue: string, replace: (patch: ParamPatch) => void) {
  const [value, setValue] = useState(urlValue);
  const committed = useRef(urlValue);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => {
    if (urlValue !== committed.current) {
      clearTimeout(timer.current);
      committed.current = urlValue;
      setValue(urlValue);
    }
  }, [urlValue]);
  useEffect(() => () => clearTimeout(timer.current), []);

  const commit = (text: string) => {
    clearTimeout(timer.current);
    committed.current = text.trim();
    replace({ q: text.trim() });
  };
  return {
    value,
    change(text: string) {
      setValue(text);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => commit(text), SEARCH_SETTLE_MS);
    },
    /** Sends the text now (Enter). */
    flush: () => commit(value),
  };
}

export type SearchDraft = ReturnType<typeof useSearchDraft>;

/** The labelled "Search" box of a list's filters. */
export function SearchField({
  id,
  search,
  placeholder,
  className,
}: {
  id: string;
  search: SearchDraft;
  placeholder: string;
  className?: string;
}) {
  return (
    <Field id={id} label="Search" className={className}>
      <div className="relative">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-slate-500"
        />
        <TextInput
          id={id}
          type="search"
          value={search.value}
          maxLength={MAX_SEARCH_LENGTH}
          placeholder={placeholder}
          autoComplete="off"
          className="pl-8"
          onChange={(event) => search.change(event.target.value)}
        />
      </div>
    </Field>
  );
}
