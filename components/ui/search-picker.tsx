"use client";

import { Search } from "lucide-react";
import { type ReactNode, useEffect, useId, useState } from "react";
import { TextInput } from "@/components/ui/field";

/** What the field holds now, and the term searched for: the text once typing has paused for 200 ms. */
export function useSearchText() {
  const [text, setText] = useState("");
  const [term, setTerm] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setTerm(text.trim()), 200);
    return () => clearTimeout(timer);
  }, [text]);
  const reset = () => {
    setText("");
    setTerm("");
  };
  /** Searches for the text now, without waiting for the pause (Enter after a scan). */
  const flush = () => setTerm(text.trim());
  return { text, setText, term, reset, flush };
}

export type SearchText = ReturnType<typeof useSearchText>;

/**
 * A search field whose matches are offered as a list of buttons rather than a combobox, so picking works
 * the same with a mouse, a keyboard or a screen reader. Enter on an exact match (a scanned SKU, a typed
 * order number) picks it. A scanner types the code and Enter faster than the search's pause, so an Enter
 * before the matches of the typed text are in searches at once and picks when they arrive; a text that names
 * no match exactly stays in the field and says so. The caller runs the search on `search.term` and draws
 * each match.
 */
export function SearchPicker<T>({
  search,
  label,
  placeholder,
  listLabel,
  noMatches,
  pending,
  matches,
  matchKey,
  isExact,
  onPick,
  renderMatch,
  renderAction,
  isDisabled,
}: {
  search: SearchText;
  label: ReactNode;
  placeholder: string;
  /** The accessible name of the list of matches, e.g. "Matching orders". */
  listLabel: string;
  /** The line shown when nothing matches the term. */
  noMatches: (term: string) => ReactNode;
  pending: boolean;
  matches: readonly T[];
  matchKey: (match: T) => string;
  /** Whether the typed text (trimmed, lower case) names this match exactly. */
  isExact: (match: T, typed: string) => boolean;
  onPick: (match: T) => void;
  /** The match's description, left of its action. */
  renderMatch: (match: T) => ReactNode;
  /** The button's action text on the right, e.g. "Choose" or "Add". */
  renderAction: (match: T) => ReactNode;
  /** A match that cannot be picked (already chosen). */
  isDisabled?: (match: T) => boolean;
}) {
  const inputId = useId();
  const { text, setText, term, flush } = search;
  // The text Enter was pressed on while its matches were still on their way, and a text Enter found nothing for.
  const [enterFor, setEnterFor] = useState<string | null>(null);
  const [noExact, setNoExact] = useState<string | null>(null);
  const pickExact = (typed: string) => {
    const exact = matches.find((match) => isExact(match, typed.toLowerCase()));
    if (!exact) setNoExact(`Nothing is exactly “${typed}”: choose from the list, or change the text.`);
    else if (isDisabled?.(exact)) setNoExact(`“${typed}” is already chosen.`);
    else onPick(exact);
  };
  const awaited = enterFor !== null && term === enterFor && !pending ? enterFor : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once the awaited matches are in.
  useEffect(() => {
    if (awaited === null) return;
    setEnterFor(null);
    pickExact(awaited);
  }, [awaited]);
  return (
    <div>
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      <div className="relative mt-1">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute left-2.5 top-2.5 size-4 text-slate-400"
        />
        <TextInput
          id={inputId}
          type="search"
          className="pl-8"
          autoComplete="off"
          value={text}
          placeholder={placeholder}
          aria-describedby={noExact !== null ? `${inputId}-no-exact` : undefined}
          onChange={(event) => {
            setText(event.target.value);
            setEnterFor(null);
            setNoExact(null);
          }}
          onKeyDown={(event) => {
            if (event.key !== "Enter") return;
            event.preventDefault();
            const typed = text.trim();
            if (typed === "") return;
            if (term === typed && !pending) {
              pickExact(typed);
            } else {
              setEnterFor(typed);
              flush();
            }
          }}
        />
      </div>
      {noExact !== null ? (
        <p id={`${inputId}-no-exact`} role="status" className="mt-1 text-sm text-amber-800">
          {noExact}
        </p>
      ) : null}
      {term.length > 0 ? (
        <div className="mt-2" aria-live="polite">
          {pending ? (
            <p className="text-sm text-slate-600">Searching…</p>
          ) : matches.length === 0 ? (
            <p className="text-sm text-slate-600">{noMatches(term)}</p>
          ) : (
            <ul
              className="divide-y divide-slate-100 rounded-md border border-slate-200"
              aria-label={listLabel}
            >
              {matches.map((match) => (
                <li key={matchKey(match)}>
                  <button
                    type="button"
                    disabled={isDisabled?.(match)}
                    onClick={() => onPick(match)}
                    className="flex w-full items-center justify-between gap-3 px-3 py-2 text-left text-sm hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:cursor-default disabled:bg-slate-50 disabled:text-slate-500"
                  >
                    <span className="min-w-0">{renderMatch(match)}</span>
                    <span className="inline-flex shrink-0 items-center gap-1 text-indigo-700">
                      {renderAction(match)}
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </div>
  );
}
