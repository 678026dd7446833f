"use client";

import { ChevronDown } from "lucide-react";
import { type KeyboardEvent, useId, useMemo, useRef, useState } from "react";
import { COUNTRY_CODES, isCountryCode } from "@/lib/enums";
import { controlClasses } from "./field";

type Country = { code: string; name: string };

let cached: Country[] | null = null;

/** Every assigned code with its English name, by name. English like the rest of the app's words. */
function countries(): Country[] {
  if (!cached) {
    const names = new Intl.DisplayNames(["en"], { type: "region", fallback: "code" });
    cached = COUNTRY_CODES.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) =>
      a.name.localeCompare(b.name, "en"),
    );
  }
  return cached;
}

/** The name shown for a stored value: a code's country name, or the text itself when it is no code. */
function countryName(value: string): string {
  if (!isCountryCode(value)) return value;
  return countries().find((country) => country.code === value)?.name ?? value;
}

/** Countries matching the typed text: the code typed exactly first, then names starting with it, then containing it. */
function matching(text: string): Country[] {
  const typed = text.trim().toLowerCase();
  if (typed === "") return countries();
  const rank = (country: Country) => {
    const name = country.name.toLowerCase();
    if (country.code.toLowerCase() === typed) return 0;
    if (name.startsWith(typed)) return 1;
    if (name.includes(` ${typed}`)) return 2;
    if (name.includes(typed)) return 3;
    return 4;
  };
  return countries()
    .map((country) => ({ country, rank: rank(country) }))
    .filter((entry) => entry.rank < 4)
    .sort((a, b) => a.rank - b.rank)
    .map((entry) => entry.country);
}

/**
 * A country field that stores the ISO 3166-1 alpha-2 code (`DE`) and shows the name (Germany): type part
 * of the name or the code, pick with the arrows and Enter or by clicking. An ARIA 1.2 combobox with a
 * listbox popup. Leaving the field with a name or code typed exactly picks it; anything else goes back to
 * the chosen country, so nothing but a code is ever stored. `id` and the aria props come from
 * `describedBy`, as for a TextInput.
 */
export function CountryPicker({
  id,
  value,
  onChange,
  name,
  "aria-invalid": invalid,
  "aria-describedby": describedBy,
  autoFocus,
}: {
  id: string;
  /** The stored code ("" for none). */
  value: string;
  onChange: (code: string) => void;
  /** A hidden input of this name carries the code in a form's data. */
  name?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
  /** Marks the field for the Dialog to focus on opening (data-autofocus). */
  autoFocus?: boolean;
}) {
  const listId = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const [text, setText] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const shown = text ?? countryName(value);
  const options = useMemo(() => (text === null ? countries() : matching(text)), [text]);
  const activeOption = open ? options[Math.min(active, options.length - 1)] : undefined;
  const optionId = (code: string) => `${listId}-${code}`;

  const pick = (country: Country) => {
    onChange(country.code);
    setText(null);
    setOpen(false);
  };
  const openAt = (index: number) => {
    setOpen(true);
    setActive(index);
    requestAnimationFrame(() => {
      const option = listRef.current?.children[index] as HTMLElement | undefined;
      option?.scrollIntoView({ block: "nearest" });
    });
  };
  const settle = () => {
    setOpen(false);
    if (text === null) return;
    const typed = text.trim().toLowerCase();
    if (typed === "") {
      onChange("");
    } else {
      const exact = countries().find(
        (country) => country.code.toLowerCase() === typed || country.name.toLowerCase() === typed,
      );
      if (exact) onChange(exact.code);
    }
    setText(null);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = options.length - 1;
    if (event.key === "ArrowDown") {
      event.preventDefault();
      openAt(
        open
          ? Math.min(active + 1, last)
          : Math.max(
              0,
              options.findIndex((c) => c.code === value),
            ),
      );
    } else if (event.key === "ArrowUp") {
      event.preventDefault();
      openAt(open ? Math.max(active - 1, 0) : last);
    } else if (event.key === "Enter" && open && activeOption) {
      // Picks instead of submitting the form around the field.
      event.preventDefault();
      pick(activeOption);
    } else if (event.key === "Escape" && (open || text !== null)) {
      // Closes the list only: the dialog around the field stays open.
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      setText(null);
    }
  };

  return (
    <div className="relative">
      <input
        id={id}
        type="text"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={activeOption ? optionId(activeOption.code) : undefined}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        data-autofocus={autoFocus ? "" : undefined}
        autoComplete="off"
        spellCheck={false}
        className={`${controlClasses} h-9 pr-8`}
        value={shown}
        onChange={(event) => {
          setText(event.target.value);
          openAt(0);
        }}
        onKeyDown={onKeyDown}
        onBlur={settle}
        onClick={() => (open ? setOpen(false) : openAt(0))}
      />
      <ChevronDown
        aria-hidden="true"
        className="pointer-events-none absolute top-2.5 right-2.5 size-4 text-slate-500"
      />
      {name ? <input type="hidden" name={name} value={value} /> : null}
      {open && options.length === 0 ? (
        <p className="mt-1 rounded-md bg-white px-3 py-1.5 text-sm text-slate-600 ring-1 ring-slate-200">
          No country matches “{text}”.
        </p>
      ) : null}
      <div
        ref={listRef}
        id={listId}
        role="listbox"
        aria-label="Countries"
        hidden={!open || options.length === 0}
        // In the flow, not floating: inside a dialog's scrolling body a floating list would be cut off.
        className="mt-1 max-h-60 w-full overflow-y-auto rounded-md bg-white py-1 text-sm shadow-lg ring-1 ring-slate-200"
      >
        {options.map((country) => {
          const current = activeOption?.code === country.code;
          return (
            <div
              key={country.code}
              id={optionId(country.code)}
              role="option"
              tabIndex={-1}
              aria-selected={country.code === value}
              className={`flex cursor-pointer justify-between gap-3 px-3 py-1.5 ${
                current ? "bg-indigo-600 text-white" : "text-slate-900"
              }`}
              // Before the input's blur, so the click picks rather than settling the typed text.
              onMouseDown={(event) => {
                event.preventDefault();
                pick(country);
              }}
            >
              <span>{country.name}</span>
              <span className={`font-mono text-xs ${current ? "text-indigo-100" : "text-slate-500"}`}>
                {country.code}
              </span>
            </div>
          );
        })}
      </div>
    </div>
  );
}
