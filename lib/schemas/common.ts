import { z } from "zod";

/**
 * Building blocks shared by the API's request and response schemas (interface-v2.2, decisions §1, §3).
 * Response schemas stay free of transforms so `z.toJSONSchema` can turn them into the OpenAPI document.
 */

/** A decimal amount carried as a string ("12.50", "-3.00"), never a float (decisions §1). */
export const decimalStringSchema = z
  .string()
  .regex(/^-?\d+(\.\d+)?$/, 'Expected a decimal number as a string, e.g. "12.50".')
  .meta({ description: 'Decimal amount carried as a string, e.g. "12.50".', examples: ["12.50"] });

/** ISO 4217 code: three upper-case letters. */
export const currencyCodeSchema = z
  .string()
  .regex(/^[A-Z]{3}$/, "Expected an ISO 4217 currency code (three upper-case letters).")
  .meta({ description: "ISO 4217 currency code.", examples: ["USD"] });

export const moneySchema = z
  .object({ amount: decimalStringSchema, currency: currencyCodeSchema })
  .meta({ id: "Money", description: "An exact amount of money in one currency." });
export type Money = z.infer<typeof moneySchema>;

/** Return and order amounts nested one level: `{ amount: Money }`. */
export const moneyAmountSchema = z
  .object({ amount: moneySchema })
  .meta({ id: "MoneyAmount", description: "A Money value nested under `amount`." });
export type MoneyAmount = z.infer<typeof moneyAmountSchema>;

/** A response timestamp: ISO 8601 in UTC with `Z` (what `Date.prototype.toISOString` writes). */
export const timestampSchema = z.iso
  .datetime()
  .meta({ description: "ISO 8601 date-time in UTC (`Z`).", examples: ["2025-03-14T09:26:53.589Z"] });

/** A request date-time bound: ISO 8601, `Z` or an explicit offset, seconds and fractions optional. */
export const dateTimeInputSchema = z.iso
  .datetime({ offset: true, local: false })
  .meta({ description: "ISO 8601 date-time with `Z` or an offset.", examples: ["2025-03-01T00:00:00Z"] });

/** Both timestamps every resource carries. */
export const timestampsShape = { createdAt: timestampSchema, updatedAt: timestampSchema };

/** Writes a date the way every response carries it (UTC, milliseconds, `Z`). */
export function isoTimestamp(date: Date): string {
  return date.toISOString();
}

/**
 * A numeric(14,2) value as the API carries it: always two decimals. Values read through nested relational
 * queries arrive as JSON numbers (24.00 becomes 24), so they are normalised here, by text, never by float.
 */
export function formatDecimal(value: string | number, scale = 2): string {
  let text = typeof value === "number" ? String(value) : value.trim();
  if (/e/i.test(text)) text = Number(text).toFixed(scale);
  const match = /^(-?)(\d*)(?:\.(\d*))?$/.exec(text);
  if (!match) throw new Error(`Not a decimal amount: ${JSON.stringify(value)}`);
  const [, sign = "", whole = "", fraction = ""] = match;
  if (fraction.length > scale && /[1-9]/.test(fraction.slice(scale))) {
    throw new Error(`Amount ${JSON.stringify(value)} has more than ${scale} decimals`);
  }
  const digits = `${whole || "0"}${scale > 0 ? `.${fraction.slice(0, scale).padEnd(scale, "0")}` : ""}`;
  return /^[0.]+$/.test(digits) ? digits : `${sign}${digits}`;
}

export function toMoney(amount: string | number, currency: string): Money {
  return { amount: formatDecimal(amount), currency: currency.trim().toUpperCase() };
}

export function toMoneyAmount(amount: string | number, currency: string): MoneyAmount {
  return { amount: toMoney(amount, currency) };
}

/** One invalid field of a request (decisions §3): `items.2.externalIdentifier`. */
export const fieldIssueSchema = z
  .object({ path: z.string(), message: z.string() })
  .meta({ id: "FieldIssue", description: "One invalid field: a dotted path and what is wrong with it." });

/** RFC 7807 problem details, as every error response carries them (decisions §3). */
export const problemSchema = z
  .object({
    type: z.string().meta({ description: "Problem type, `com.service.api:<area>/<code>` or `about:blank`." }),
    title: z.string(),
    status: z.int().min(100).max(599),
    detail: z.string(),
    instance: z.string().meta({ description: "This occurrence, e.g. `urn:request:<request id>`." }),
    errors: z.array(fieldIssueSchema).optional(),
    error: z
      .string()
      .optional()
      .meta({ description: "The `detail` again (the package's `{ error }` bodies)." }),
  })
  .meta({ id: "Problem", description: "Problem details (RFC 7807), content type application/problem+json." });
export type Problem = z.infer<typeof problemSchema>;
