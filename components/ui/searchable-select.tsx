"use client";

import { Check, ChevronsUpDown } from "lucide-react";
import { type KeyboardEvent, useId, useMemo, useRef, useState } from "react";
import { controlClasses } from "./field";

export type SearchableOption = {
  value: string;
  /** What the field shows for it; the value when not given. */
  label?: string;
  /** More words it is found by (a currency's name, a time zone's city with spaces). */
  keywords?: string;
  /** Small text at the option's right, e.g. a country's code. */
  hint?: string;
};

/** The default filter: every typed word appears in the option's value, label or keywords. */
function containsEveryWord(text: string, options: readonly SearchableOption[]): readonly SearchableOption[] {
  const words = normalize(text).split(" ").filter(Boolean);
  if (words.length === 0) return options;
  return options.filter((option) => {
    const haystack = normalize(`${option.value} ${option.label ?? ""} ${option.keywords ?? ""}`);
    return words.every((word) => haystack.includes(word));
  });
}

/** Lower case, and `_`, `/` and `-` read as spaces, so "new york" finds "America/New_York". */
const normalize = (text: string) =>
  text
    .toLowerCase()
    .replace(/[_/-]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();

/**
 * A select with hundreds of options (time zones, currencies, countries) that filters as one types: the ARIA
 * 1.2 combobox pattern (an editable input with a listbox popup, list autocomplete). Up and Down move through
 * the matches (and open the list), Enter picks, Escape closes the list and puts back the picked value;
 * leaving the field (Tab) picks an option the text names exactly (its value or label, any case), else puts
 * back the picked one; a click picks too. What is picked is submitted under `name` by a hidden input, so it
 * works in a plain form (a server action) as a `<select>` would. Uncontrolled with `defaultValue` (give it a
 * new `key` to reset it), controlled with `value` and `onChange`.
 */
export function SearchableSelect({
  id,
  name,
  options,
  value: controlledValue,
  defaultValue = "",
  onChange,
  match = containsEveryWord,
  clearable = false,
  listInFlow = false,
  placeholder = "Type to search",
  listLabel,
  noMatch = (text) => `Nothing matches “${text}”.`,
  "aria-invalid": invalid,
  "aria-describedby": describedByIds,
}: {
  id: string;
  name?: string;
  options: readonly SearchableOption[];
  /** The picked value, when the caller keeps it (with `onChange`). */
  value?: string;
  defaultValue?: string;
  onChange?: (value: string) => void;
  /** The options the typed text offers, in the order shown; every word found anywhere unless given. */
  match?: (text: string, options: readonly SearchableOption[]) => readonly SearchableOption[];
  /** Emptying the field and leaving it picks "" (an optional field); otherwise it puts back the value. */
  clearable?: boolean;
  /** The list pushes the content below it down instead of floating over it: inside a dialog's scrolling
   * body a floating list would be cut off. */
  listInFlow?: boolean;
  placeholder?: string;
  /** The list's name for screen readers, e.g. "Time zones". */
  listLabel: string;
  /** What is said when the typed text offers nothing. */
  noMatch?: (text: string) => string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}) {
  const listId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const listRef = useRef<HTMLDivElement>(null);
  const labelOf = (value: string) => {
    const option = options.find((o) => o.value === value);
    return option?.label ?? option?.value ?? value;
  };
  const [ownValue, setOwnValue] = useState(defaultValue);
  const value = controlledValue ?? ownValue;
  // What was typed since the last pick; null shows the picked value's label, and every option when opened.
  const [typed, setTyped] = useState<string | null>(null);
  const text = typed ?? labelOf(value);
  const filtering = typed !== null;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);

  const matches = useMemo(() => (typed === null ? options : match(typed, options)), [options, typed, match]);

  const optionId = (index: number) => `${listId}-option-${index}`;
  const scrollToOption = (index: number) => {
    // After React has drawn the list: the active option kept in view as Up and Down move through it.
    requestAnimationFrame(() => {
      document.getElementById(optionId(index))?.scrollIntoView({ block: "nearest" });
    });
  };

  const openList = (index: number) => {
    setOpen(true);
    setActive(index);
    scrollToOption(index);
  };
  const choose = (next: string) => {
    setOwnValue(next);
    setTyped(null);
    setOpen(false);
    if (next !== value) onChange?.(next);
  };
  const pick = (option: SearchableOption) => choose(option.value);
  /** Leaving the field: a text naming an option exactly ("eur", "Europe/Berlin") picks it, else it reverts. */
  const leave = () => {
    if (typed === null) return setOpen(false);
    const wanted = normalize(typed);
    if (clearable && wanted === "") return choose("");
    const exact = options.find(
      (o) => normalize(o.value) === wanted || normalize(o.label ?? o.value) === wanted,
    );
    if (exact) pick(exact);
    else restore();
  };
  const restore = () => {
    setTyped(null);
    setOpen(false);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    const last = matches.length - 1;
    switch (event.key) {
      case "ArrowDown":
        event.preventDefault();
        if (!open) openList(Math.max(0, filtering ? 0 : matches.findIndex((o) => o.value === value)));
        else openList(Math.min(active + 1, last));
        break;
      case "ArrowUp":
        event.preventDefault();
        if (!open)
          openList(
            Math.max(
              0,
              matches.findIndex((o) => o.value === value),
            ),
          );
        else openList(Math.max(active - 1, 0));
        break;
      case "PageDown":
        if (open) {
          event.preventDefault();
          openList(Math.min(active + 10, last));
        }
        break;
      case "PageUp":
        if (open) {
          event.preventDefault();
          openList(Math.max(active - 10, 0));
        }
        break;
      case "Enter": {
        // Inside a form, Enter on an open list picks and must not submit the form.
        const option = matches[active];
        if (open && option) {
          event.preventDefault();
          pick(option);
        }
        break;
      }
      case "Escape":
        // Handled here only, so a dialog around the field stays open.
        if (open || filtering) {
          event.preventDefault();
          event.stopPropagation();
          restore();
        }
        break;
    }
  };

  return (
    <div className="relative">
      <input
        ref={inputRef}
        id={id}
        type="text"
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && matches[active] ? optionId(active) : undefined}
        aria-invalid={invalid}
        aria-describedby={describedByIds}
        autoComplete="off"
        spellCheck={false}
        placeholder={placeholder}
        className={`${controlClasses} h-9 pr-9`}
        value={text}
        onChange={(event) => {
          setTyped(event.target.value);
          setOpen(true);
          setActive(0);
          listRef.current?.scrollTo({ top: 0 });
        }}
        onFocus={(event) => event.target.select()}
        onClick={() =>
          open
            ? setOpen(false)
            : openList(
                Math.max(
                  0,
                  matches.findIndex((o) => o.value === value),
                ),
              )
        }
        onKeyDown={onKeyDown}
        // A click on an option keeps focus here (its mousedown is prevented), so a blur means leaving.
        onBlur={leave}
      />
      <ChevronsUpDown
        aria-hidden="true"
        // Against the input's 36 px, not the wrapper, which grows by the list when it sits in the flow.
        className="pointer-events-none absolute top-2.5 right-2.5 size-4 text-slate-400"
      />
      {name ? <input type="hidden" name={name} value={value} /> : null}
      <div
        ref={listRef}
        id={listId}
        role="listbox"
        aria-label={listLabel}
        hidden={!open}
        className={`${listInFlow ? "" : "absolute z-30 "}mt-1 max-h-64 w-full overflow-y-auto rounded-md bg-white py-1 text-sm shadow-lg ring-1 ring-slate-200`}
      >
        {matches.map((option, index) => (
          // Options are never tabbed to: in the combobox pattern focus stays in the input, which moves
          // aria-activedescendant with the arrow keys; a click picks (its mousedown keeps the focus).
          // biome-ignore lint/a11y/useKeyWithClickEvents: the input's keydown handles the keyboard.
          <div
            key={option.value}
            tabIndex={-1}
            id={optionId(index)}
            role="option"
            aria-selected={option.value === value}
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => pick(option)}
            onMouseMove={() => setActive(index)}
            className={`flex cursor-pointer items-center justify-between gap-2 px-3 py-1.5 ${index === active ? "bg-indigo-50 text-indigo-900" : "text-slate-800"}`}
          >
            <span className="truncate">{option.label ?? option.value}</span>
            <span className="flex shrink-0 items-center gap-2">
              {option.hint ? <span className="font-mono text-xs text-slate-600">{option.hint}</span> : null}
              {option.value === value ? (
                <Check aria-hidden="true" className="size-4 text-indigo-600" />
              ) : null}
            </span>
          </div>
        ))}
        {matches.length === 0 ? <p className="px-3 py-1.5 text-slate-500">{noMatch(text)}</p> : null}
      </div>
    </div>
  );
}
