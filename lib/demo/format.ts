import type { Random } from "./random";

export const HOUR_MS = 3_600_000;
export const DAY_MS = 86_400_000;

/** Integer cents as a decimal string with two decimals ("1234" -> "12.34"), never through a float. */
export function formatCents(cents: number): string {
  if (!Number.isSafeInteger(cents)) throw new Error(`Not an integer amount of cents: ${cents}`);
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, "0")}`;
}

/** A decimal string ("12.34", "-0.5", "7") as integer cents. */
export function parseCents(amount: string): number {
  const match = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(amount);
  if (!match) throw new Error(`Not a decimal amount: ${amount}`);
  const cents = Number(match[2]) * 100 + Number((match[3] ?? "").padEnd(2, "0"));
  return match[1] ? -cents : cents;
}

/** `amount * bps / 10000`, rounded half up to the cent. */
export function percentOf(cents: number, bps: number): number {
  return Math.round((cents * bps) / 10_000);
}

/** The UTC calendar date of `date` as YYYY-MM-DD. */
export function isoDate(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** Midnight UTC of the day of `date`. */
export function startOfDay(date: Date): Date {
  return new Date(Math.floor(date.getTime() / DAY_MS) * DAY_MS);
}

export function addMs(date: Date, ms: number): Date {
  return new Date(date.getTime() + ms);
}

export function minDate(a: Date, b: Date): Date {
  return a.getTime() <= b.getTime() ? a : b;
}

export function maxDate(a: Date, b: Date): Date {
  return a.getTime() >= b.getTime() ? a : b;
}

/** Fills a pattern: `#` a digit, `A` an upper-case letter, `X` a letter or digit; other characters stay. */
export function fillPattern(random: Random, pattern: string): string {
  let out = "";
  for (const ch of pattern) {
    if (ch === "#") out += random.digits(1);
    else if (ch === "A") out += random.string("ABCDEFGHJKLMNPRSTUVWXYZ", 1);
    else if (ch === "X") out += random.string("0123456789ABCDEFGHJKLMNPRSTUVWXYZ", 1);
    else out += ch;
  }
  return out;
}

/** A 12-digit UPC-A: the 11 given digits and their check digit. */
export function upcA(elevenDigits: string): string {
  if (!/^\d{11}$/.test(elevenDigits)) throw new Error(`UPC body must be 11 digits: ${elevenDigits}`);
  let sum = 0;
  for (let i = 0; i < 11; i++) sum += Number(elevenDigits[i]) * (i % 2 === 0 ? 3 : 1);
  return `${elevenDigits}${(10 - (sum % 10)) % 10}`;
}

/** A person's name as the local part of an e-mail address ("Côté" -> "cote", "O'Brien" -> "obrien"). */
export function emailLocalPart(...parts: string[]): string {
  return parts
    .map((part) =>
      part
        .normalize("NFD")
        .replace(/[\u0300-\u036f]/g, "")
        .toLowerCase()
        .replace(/[^a-z0-9]/g, ""),
    )
    .join(".");
}

/** A fake North American phone number in the 555-01xx range reserved for fiction. */
export function fictionalPhone(random: Random, areaCode: string): string {
  return `+1 ${areaCode}-555-01${random.digits(2)}`;
}

/**
 * An instant in the `days` before `anchor`, with `recentShare` of them in the last `recentDays`: a shop's
 * recent weeks are busier in a demo than a uniform spread would make them.
 */
export function pastDate(
  random: Random,
  anchor: Date,
  o: { days: number; recentDays: number; recentShare: number; minAgeMs?: number },
): Date {
  const recent = random.chance(o.recentShare);
  const fromDays = recent ? o.recentDays : o.days;
  const toDays = recent ? 0 : o.recentDays;
  const to = addMs(anchor, -Math.max(toDays * DAY_MS, o.minAgeMs ?? 0));
  return random.dateBetween(addMs(anchor, -fromDays * DAY_MS), to);
}
