import { SelectField, TextField } from "@/components/ui/field";

/** The currencies people pick most often first, then every code the server knows. */
const COMMON_CURRENCIES = ["USD", "EUR", "GBP", "CAD", "AUD"];

/** `<option>`s for the currency `<select>`. */
function CurrencyOptions({ currencies }: { currencies: string[] }) {
  const others = currencies.filter((code) => !COMMON_CURRENCIES.includes(code));
  return (
    <>
      <optgroup label="Common">
        {COMMON_CURRENCIES.map((code) => (
          <option key={code}>{code}</option>
        ))}
      </optgroup>
      <optgroup label="All currencies">
        {others.map((code) => (
          <option key={code}>{code}</option>
        ))}
      </optgroup>
    </>
  );
}

type StoreField = "name" | "currency" | "timeZone";

/**
 * A store's name, currency and time zone (first-run setup, Settings -> Store): the controls are named
 * `storeName`, `currency` and `timeZone`. Uncontrolled: a field takes `values` again when its key changes,
 * that is when `version` or its value does (React resets a form after its action, and a saved store is
 * re-read).
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
    { field: "currency", label: "Currency", options: <CurrencyOptions currencies={currencies} /> },
    {
      field: "timeZone",
      label: "Time zone",
      options: timeZones.map((zone) => <option key={zone}>{zone}</option>),
    },
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
        {selects.map(({ field, label, options }) => (
          <SelectField
            key={`${field}-${version}-${values[field]}`}
            id={field}
            label={label}
            error={errors[field]}
            hint={hints[field]}
            defaultValue={values[field]}
          >
            {options}
          </SelectField>
        ))}
      </div>
    </>
  );
}
