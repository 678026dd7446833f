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
};

/** Lower case, and `_`, `/` and `-` read as spaces, so "new york" finds "America/New_York". */
const normalize = (text: string) =>
  text
    .toLowerCase()
    .replace(/[_/-]+/g, " ")
    .replace(/\s+/g, " ")
    .trim();

/**
 * A select with hundreds of options (time zones, currencies) that filters as one types: the ARIA 1.2
 * combobox pattern (an editable input with a listbox popup, list autocomplete). Up and Down move through the
 * matches (and open the list), Enter picks, Escape closes the list and then restores the picked value; leaving
 * the field (Tab) picks an option the text names exactly, else restores the picked one; a click picks too. What is picked is submitted under `name` by a
 * hidden input, so it works in a plain form (a server action) as a `<select>` would. Uncontrolled unless
 * `onChange` is used to follow it; give it a new `key` to reset it to `defaultValue`.
 */
export function SearchableSelect({
  id,
  name,
  options,
  defaultValue,
  onChange,
  placeholder = "Type to search",
  listLabel,
  "aria-invalid": invalid,
  "aria-describedby": describedByIds,
}: {
  id: string;
  name?: string;
  options: readonly SearchableOption[];
  defaultValue: string;
  onChange?: (value: string) => void;
  placeholder?: string;
  /** The list's name for screen readers, e.g. "Time zones". */
  listLabel: string;
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
  const [value, setValue] = useState(defaultValue);
  const [text, setText] = useState(() => labelOf(defaultValue));
  const [open, setOpen] = useState(false);
  // Typing filters; opening without typing shows every option with the picked one active.
  const [filtering, setFiltering] = useState(false);
  const [active, setActive] = useState(0);

  const matches = useMemo(() => {
    if (!filtering) return options;
    const words = normalize(text).split(" ").filter(Boolean);
    if (words.length === 0) return options;
    return options.filter((option) => {
      const haystack = normalize(`${option.value} ${option.label ?? ""} ${option.keywords ?? ""}`);
      return words.every((word) => haystack.includes(word));
    });
  }, [options, text, filtering]);

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
  const close = () => {
    setOpen(false);
    setFiltering(false);
  };
  const pick = (option: SearchableOption) => {
    setValue(option.value);
    setText(option.label ?? option.value);
    close();
    if (option.value !== value) onChange?.(option.value);
  };
  /** Leaving the field: a text naming an option exactly ("eur", "Europe/Berlin") picks it, else it reverts. */
  const leave = () => {
    const typed = normalize(text);
    const exact = filtering
      ? options.find((o) => normalize(o.value) === typed || normalize(o.label ?? o.value) === typed)
      : undefined;
    if (exact) pick(exact);
    else restore();
  };
  const restore = () => {
    setText(labelOf(value));
    close();
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
        if (open || text !== labelOf(value)) {
          event.preventDefault();
          event.stopPropagation();
          if (open) close();
          else restore();
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
          setText(event.target.value);
          setFiltering(true);
          setOpen(true);
          setActive(0);
          listRef.current?.scrollTo({ top: 0 });
        }}
        onFocus={(event) => event.target.select()}
        onClick={() =>
          open
            ? close()
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
        className="pointer-events-none absolute top-1/2 right-2.5 size-4 -translate-y-1/2 text-slate-400"
      />
      {name ? <input type="hidden" name={name} value={value} /> : null}
      <div
        ref={listRef}
        id={listId}
        role="listbox"
        aria-label={listLabel}
        hidden={!open}
        className="absolute z-30 mt-1 max-h-64 w-full overflow-y-auto rounded-md bg-white py-1 text-sm shadow-lg ring-1 ring-slate-200"
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
            {option.value === value ? <Check aria-hidden="true" className="size-4 text-indigo-600" /> : null}
          </div>
        ))}
        {matches.length === 0 ? (
          <p className="px-3 py-1.5 text-slate-500">Nothing matches “{text}”.</p>
        ) : null}
      </div>
    </div>
  );
}
