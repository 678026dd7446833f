/** The currencies people pick most often first, then every code the server knows. */
const COMMON_CURRENCIES = ["USD", "EUR", "GBP", "CAD", "AUD"];

/** `<option>`s for a currency `<select>` (first-run setup, Settings -> Store). */
export function CurrencyOptions({ currencies }: { currencies: string[] }) {
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
