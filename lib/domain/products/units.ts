/** Conversions of the bulk upload's units to what the catalog stores (decimal prices, kilograms). */

/** Digits after the decimal point of a currency (2 for USD, 0 for JPY, 3 for KWD), from the runtime's ICU data. */
export function currencyDigits(currency: string): number {
  return (
    new Intl.NumberFormat("en", { style: "currency", currency }).resolvedOptions().maximumFractionDigits ?? 2
  );
}

/** 2999 cents → "29.99"; 500 yen → "500"; computed on digits, never through a float. */
export function minorUnitsToDecimal(minor: number, currency: string): string {
  const digits = currencyDigits(currency);
  const text = String(Math.trunc(minor)).padStart(digits + 1, "0");
  return digits === 0 ? text : `${text.slice(0, -digits)}.${text.slice(-digits)}`;
}

/**
 * "29.99" USD → 2999; "500" JPY → 500 (a CSV's prices are decimal, the bulk upload's are minor units). Undefined
 * when the amount has more decimals than the currency has (29.999 USD) or is not a plain decimal.
 */
export function decimalToMinorUnits(amount: string, currency: string): number | undefined {
  const match = /^(\d+)(?:\.(\d+))?$/.exec(amount);
  const digits = currencyDigits(currency);
  if (!match || (match[2] ?? "").length > digits) return undefined;
  return Number(`${match[1]}${(match[2] ?? "").padEnd(digits, "0")}`);
}

const KILOGRAMS_PER: Record<"g" | "kg" | "lb" | "oz" | "t", number> = {
  g: 0.001,
  kg: 1,
  lb: 0.45359237,
  oz: 0.028349523125,
  t: 1000,
};

/** A weight in kilograms to the gram, as the catalog's numeric(10,3) keeps it. */
export function toKilograms(weight: number, unit: keyof typeof KILOGRAMS_PER): string {
  return (Math.round(weight * KILOGRAMS_PER[unit] * 1000) / 1000).toFixed(3);
}
