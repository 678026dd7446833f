import { describedBy, Field, TextField } from "@/components/ui/field";
import { type SearchableOption, SearchableSelect } from "@/components/ui/searchable-select";

/** The currencies people pick most often first, then every code the server knows. */
const COMMON_CURRENCIES = ["USD", "EUR", "GBP", "CAD", "AUD"];

/** "EUR · Euro": found by its code or its name. */
function currencyOptions(currencies: string[]): SearchableOption[] {
  const names = new Intl.DisplayNames(["en"], { type: "currency" });
  const others = currencies.filter((code) => !COMMON_CURRENCIES.includes(code));
  return [...COMMON_CURRENCIES, ...others].map((code) => {
    const name = names.of(code);
    return { value: code, label: name && name !== code ? `${code} · ${name}` : code };
  });
}

/** A zone is found by its name, its region or its city: "new york", "berlin", "europe". */
const timeZoneOptions = (zones: string[]): SearchableOption[] => zones.map((zone) => ({ value: zone }));

type StoreField = "name" | "currency" | "timeZone";

/**
 * A store's name, currency and time zone (first-run setup, Settings -> Store): the controls are named
 * `storeName`, `currency` and `timeZone`. Uncontrolled: a field takes `values` again when its key changes,
 * that is when `version` or its value does (React resets a form after its action, and a saved store is
 * re-read). Currency and time zone have hundreds of options, so they filter as one types.
 */
export function StoreFields({
  values,
  errors,
  hints,
  version = "",
  currencies,
  timeZones,
  autoFocus,
}: {
  values: { name?: string; currency: string; timeZone: string };
  errors: Partial<Record<StoreField, string>>;
  hints: Partial<Record<StoreField, string>>;
  version?: string;
  currencies: string[];
  timeZones: string[];
  autoFocus?: boolean;
}) {
  const selects = [
    { field: "currency", label: "Currency", listLabel: "Currencies", options: currencyOptions(currencies) },
    { field: "timeZone", label: "Time zone", listLabel: "Time zones", options: timeZoneOptions(timeZones) },
  ] as const;
  return (
    <>
      <TextField
        id="storeName"
        label="Store name"
        error={errors.name}
        hint={hints.name}
        defaultValue={values.name}
        key={`name-${version}`}
        autoComplete="organization"
        required
        maxLength={200}
        autoFocus={autoFocus}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        {selects.map(({ field, label, listLabel, options }) => {
          const error = errors[field];
          const hint = hints[field];
          return (
            <Field
              key={`${field}-${version}-${values[field]}`}
              id={field}
              label={label}
              error={error}
              hint={hint}
            >
              <SearchableSelect
                {...describedBy(field, error, hint)}
                name={field}
                listLabel={listLabel}
                options={options}
                defaultValue={values[field]}
              />
            </Field>
          );
        })}
      </div>
    </>
  );
}
