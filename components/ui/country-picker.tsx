"use client";

import { COUNTRY_CODES } from "@/lib/enums";
import { type SearchableOption, SearchableSelect } from "./searchable-select";

let cached: SearchableOption[] | null = null;

/** Every assigned code with its English name, by name: "Germany" with the hint "DE". English like the rest of the app's words. */
function countryOptions(): SearchableOption[] {
  if (!cached) {
    const names = new Intl.DisplayNames(["en"], { type: "region", fallback: "code" });
    cached = COUNTRY_CODES.map((code) => ({ value: code, label: names.of(code) ?? code, hint: code })).sort(
      (a, b) => a.label.localeCompare(b.label, "en"),
    );
  }
  return cached;
}

/**
 * Countries for the typed text: the code typed exactly first, then names starting with it, then names with a
 * word starting with it, then names containing it. So "Germ" offers Germany and not Georgia (GE), and "us"
 * offers the United States first.
 */
function rankCountries(text: string, options: readonly SearchableOption[]): readonly SearchableOption[] {
  const typed = text.trim().toLowerCase();
  if (typed === "") return options;
  const rank = (option: SearchableOption) => {
    const name = (option.label ?? option.value).toLowerCase();
    if (option.value.toLowerCase() === typed) return 0;
    if (name.startsWith(typed)) return 1;
    if (name.includes(` ${typed}`)) return 2;
    if (name.includes(typed)) return 3;
    return 4;
  };
  return options
    .map((option) => ({ option, rank: rank(option) }))
    .filter((entry) => entry.rank < 4)
    .sort((a, b) => a.rank - b.rank)
    .map((entry) => entry.option);
}

/**
 * A country field that stores the ISO 3166-1 alpha-2 code (`DE`) and shows the name (Germany): the shared
 * SearchableSelect with the countries, ranked for names. Emptying it clears the country; anything typed that
 * names no country goes back to the chosen one, so nothing but a code is ever stored. Its list stays in the
 * flow, since the fields that use it sit in dialogs.
 */
export function CountryPicker({
  id,
  value,
  onChange,
  name,
  "aria-invalid": invalid,
  "aria-describedby": describedBy,
}: {
  id: string;
  /** The stored code ("" for none). */
  value: string;
  onChange: (code: string) => void;
  /** A hidden input of this name carries the code in a form's data. */
  name?: string;
  "aria-invalid"?: boolean;
  "aria-describedby"?: string;
}) {
  return (
    <SearchableSelect
      id={id}
      name={name}
      options={countryOptions()}
      value={value}
      onChange={onChange}
      match={rankCountries}
      clearable
      listInFlow
      placeholder=""
      listLabel="Countries"
      noMatch={(text) => `No country matches “${text}”.`}
      aria-invalid={invalid}
      aria-describedby={describedBy}
    />
  );
}
