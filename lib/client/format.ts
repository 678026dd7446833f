/**
 * Display formatting for the web app. One locale for every page (en-US) so server-rendered and client
 * text agree; times are shown in the viewer's time zone only after hydration would differ, so dates are
 * formatted in UTC where a server renders them.
 */

const numberFormat = new Intl.NumberFormat("en-US");

export function formatNumber(value: number): string {
  return numberFormat.format(value);
}

const moneyFormats = new Map<string, Intl.NumberFormat>();

/** A decimal string amount in its currency ("1234.50", "USD" → "$1,234.50"), exact to the cent. */
export function formatMoney(money: { amount: string; currency: string } | null | undefined): string {
  if (!money) return "—";
  let format = moneyFormats.get(money.currency);
  if (!format) {
    format = new Intl.NumberFormat("en-US", { style: "currency", currency: money.currency });
    moneyFormats.set(money.currency, format);
  }
  // Intl accepts decimal strings without going through a float (ES2023 "string numeric literals").
  return format.format(money.amount as unknown as number);
}

const dateFormat = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeZone: "UTC" });
const dateTimeFormats = new Map<string, Intl.DateTimeFormat>();

/** A `YYYY-MM-DD` date ("Mar 14, 2025"): a calendar day, the same in every zone. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return "—";
  const date = new Date(value.length === 10 ? `${value}T00:00:00Z` : value);
  return Number.isNaN(date.getTime()) ? value : dateFormat.format(date);
}

/**
 * An ISO timestamp in a time zone, named so nobody has to guess ("Mar 14, 2025, 5:26 AM EDT"). Pages pass
 * the store's zone (Settings -> Store, `useStoreTimeZone`), so the server and the browser render the same text.
 */
export function formatDateTime(value: string | null | undefined, timeZone = "UTC"): string {
  if (!value) return "—";
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  let format = dateTimeFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      year: "numeric",
      month: "short",
      day: "numeric",
      hour: "numeric",
      minute: "2-digit",
      timeZone,
      timeZoneName: "short",
    });
    dateTimeFormats.set(timeZone, format);
  }
  return format.format(date);
}

const relativeFormat = new Intl.RelativeTimeFormat("en-US", { numeric: "auto" });
const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ["year", 365 * 24 * 3600],
  ["month", 30 * 24 * 3600],
  ["week", 7 * 24 * 3600],
  ["day", 24 * 3600],
  ["hour", 3600],
  ["minute", 60],
  ["second", 1],
];

/** "3 hours ago", relative to `now` (passed in so tests and renders are deterministic). */
export function formatRelative(value: string | null | undefined, now: number = Date.now()): string {
  if (!value) return "never";
  const seconds = Math.round((new Date(value).getTime() - now) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size || unit === "second") {
      return relativeFormat.format(Math.round(seconds / size), unit);
    }
  }
  return value;
}

/** "in_transit" → "In transit". */
export function humanize(value: string): string {
  const text = value.replace(/[_-]+/g, " ").toLowerCase();
  return text.charAt(0).toUpperCase() + text.slice(1);
}

/** A byte count for people ("4.2 MB", "880 KB"), in binary units like the limits it is compared with. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** `{ given: "Ada", surname: "Lovelace" }` → "Ada Lovelace" (either part may be empty). */
export function formatPersonName(name: { given: string; surname: string } | null | undefined): string {
  const full = [name?.given, name?.surname].filter(Boolean).join(" ").trim();
  return full || "—";
}

/** A variant in one line: its name, SKU and weight, those it has, e.g. "Glacier / XXL · NW-SHP-GLA-XXL · 1.2 kg". */
export function formatVariant(variant: {
  name?: string | null;
  sku?: string | null;
  weight?: { kg: number | string } | null;
}): string {
  return [variant.name, variant.sku, variant.weight ? `${variant.weight.kg} kg` : null]
    .filter(Boolean)
    .join(" · ");
}
