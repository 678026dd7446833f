import { z } from "zod";
import { newPasswordSchema, passwordProblem } from "../auth/password-policy";
import { timestampSchema } from "./common";

/**
 * What a store is made of when someone creates it (first-run setup, `npm run store:create`) or changes it
 * (store settings): a name, a currency and the time zone in which staff pages show its dates.
 */

const KNOWN_CURRENCIES: ReadonlySet<string> = new Set(Intl.supportedValuesOf("currency"));
const TIME_ZONES: readonly string[] = Intl.supportedValuesOf("timeZone");

export function isKnownCurrency(code: string): boolean {
  return KNOWN_CURRENCIES.has(code);
}

/** Every currency code the runtime knows, for a select. */
export function currencyCodes(): string[] {
  return [...KNOWN_CURRENCIES].sort();
}

/** The IANA zones offered in pickers (plus UTC, which some runtimes leave out of the list). */
export function timeZoneNames(): string[] {
  return TIME_ZONES.includes("UTC") ? [...TIME_ZONES] : ["UTC", ...TIME_ZONES];
}

/**
 * The canonical spelling of an IANA time zone ("europe/berlin" -> "Europe/Berlin"), or null when the
 * runtime does not know it. Links such as "US/Pacific" are accepted and kept as the runtime names them.
 */
export function canonicalTimeZone(zone: string): string | null {
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: zone.trim() }).resolvedOptions().timeZone;
  } catch {
    return null;
  }
}

export const storeNameSchema = z
  .string()
  .trim()
  .min(1, "Enter the store's name.")
  .max(200, "Use at most 200 characters.");

export const storeCurrencySchema = z
  .string()
  .trim()
  .toUpperCase()
  .refine(isKnownCurrency, "Choose a known ISO 4217 currency code, such as USD or EUR.");

export const storeTimeZoneSchema = z
  .string()
  .trim()
  .min(1, "Choose a time zone.")
  .transform((zone, ctx) => {
    const canonical = canonicalTimeZone(zone);
    if (canonical) return canonical;
    ctx.addIssue({ code: "custom", message: "Choose a time zone from the list, such as Europe/Berlin." });
    return z.NEVER;
  });

export const newStoreSchema = z.object({
  name: storeNameSchema,
  currency: storeCurrencySchema,
  timeZone: storeTimeZoneSchema,
});

// What a browser's type="email" field accepts (the sign-in form's), so `a@b.c` is fine.
export const staffEmailSchema = z
  .string()
  .trim()
  .toLowerCase()
  .pipe(z.email({ pattern: z.regexes.html5Email, message: "Enter an e-mail address." }));

export const staffNameSchema = z
  .string()
  .trim()
  .min(1, "Enter a name.")
  .max(100, "Use at most 100 characters.");

export const setupFormSchema = z
  .object({
    storeName: storeNameSchema,
    currency: storeCurrencySchema,
    timeZone: storeTimeZoneSchema,
    email: staffEmailSchema,
    name: staffNameSchema,
    password: newPasswordSchema,
    confirmPassword: z.string(),
  })
  .refine((form) => form.password === form.confirmPassword, {
    path: ["confirmPassword"],
    message: "The two passwords differ.",
  })
  .refine((form) => passwordProblem(form.password, form.email) === null, {
    path: ["password"],
    message: "Do not build the password on your e-mail address.",
  });

/** What the setup action answers a failed submit with: a message per field, and the values to keep. */
export type SetupFormState = { errors: Record<string, string>; values: Record<string, string> };

/** Field name -> first message, the shape forms show next to each field. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = String(issue.path[0] ?? "form");
    errors[key] ??= issue.message;
  }
  return errors;
}

/** A new password typed twice (set-password link, account page); the policy also refuses one built on the email. */
export function newPasswordFormSchema(email: string) {
  return z
    .object({ password: newPasswordSchema, confirmPassword: z.string() })
    .refine((form) => form.password === form.confirmPassword, {
      path: ["confirmPassword"],
      message: "The two passwords differ.",
    })
    .refine((form) => passwordProblem(form.password, email) === null, {
      path: ["password"],
      message: "Do not build the password on your e-mail address.",
    });
}

/** What a password form's action answers: messages per field, or done. */
export type PasswordFormState = { errors: Record<string, string>; done?: { email: string } };

/** Days from a supplier claim's drafting to its due date: a whole number from 1 to 365. */
export const supplierClaimDueDaysSchema = z
  .int("Enter a whole number of days.")
  .min(1, "Enter 1 to 365 days.")
  .max(365, "Enter 1 to 365 days.");

/** A store as the API shows it (GET/PATCH /stores/{storeId}); camelCase like the team resource. */
export const storeSchema = z
  .object({
    id: z.string().meta({ example: "str_3ZbQ9mX2kT7vLp0aYc1RfD" }),
    name: z.string(),
    currency: z.string().meta({
      description: "ISO 4217 code: the default for new orders; existing amounts keep their own currency.",
      example: "USD",
    }),
    timeZone: z.string().meta({
      description: "IANA time zone in which staff pages show the store's dates and times.",
      example: "America/New_York",
    }),
    supplierClaimDueDays: z
      .int()
      .min(1)
      .max(365)
      .meta({
        description:
          "Backroom extension: days from a supplier claim's drafting to its due date (docs/suppliers.md); " +
          "claims drafted from now on take it, drafted ones keep their due date.",
        example: 30,
      }),
    createdAt: timestampSchema,
    updatedAt: timestampSchema,
  })
  .meta({ id: "Store" });
export type Store = z.infer<typeof storeSchema>;

export const storeResponseSchema = z.object({ store: storeSchema }).meta({ id: "StoreResponse" });

export const updateStoreRequestSchema = z
  .strictObject({
    store: z
      .strictObject({
        name: storeNameSchema.optional(),
        currency: storeCurrencySchema.optional(),
        timeZone: storeTimeZoneSchema.optional(),
        supplierClaimDueDays: supplierClaimDueDaysSchema.optional(),
      })
      .refine((value) => Object.values(value).some((field) => field !== undefined), {
        message: "Send at least one of name, currency, timeZone, supplierClaimDueDays.",
      }),
  })
  .meta({ id: "UpdateStoreRequest" });
