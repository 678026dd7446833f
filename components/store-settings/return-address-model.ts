import type { FieldIssue } from "@/lib/client/api-client";
import { isCountryCode } from "@/lib/enums";
import { type Location, updateLocationRequestSchema } from "@/lib/schemas/locations";
import type { Address } from "@/lib/schemas/returns";

/**
 * The return-address form of a location: its fields, what they become in `PATCH …/locations/{id}`, and
 * where errors go. Client and server issues share their paths (`location.return_address.city`), so one
 * mapping places both beside their field.
 */

export type ReturnAddressField = keyof Address | "phone";
export type ReturnAddressValues = Record<ReturnAddressField, string>;
export type ReturnAddressErrors = Partial<Record<ReturnAddressField | "form", string>>;
export type ReturnAddressChange = { return_address: Address; phone: string | null };

type FieldSpec = {
  name: ReturnAddressField;
  label: string;
  autoComplete: string;
  /** The message when left empty; absent for optional fields. */
  required?: string;
  hint?: string;
  maxLength: number;
};

export const RETURN_ADDRESS_FIELDS: readonly FieldSpec[] = [
  {
    name: "line1",
    label: "Address line 1",
    autoComplete: "address-line1",
    maxLength: 255,
    required: "Enter the street and number.",
  },
  { name: "line2", label: "Address line 2 (optional)", autoComplete: "address-line2", maxLength: 255 },
  {
    name: "city",
    label: "City",
    autoComplete: "address-level2",
    maxLength: 255,
    required: "Enter the city.",
  },
  {
    name: "state",
    label: "State / province",
    autoComplete: "address-level1",
    maxLength: 255,
    required: "Enter the state or province.",
  },
  {
    name: "postalCode",
    label: "Postal code",
    autoComplete: "postal-code",
    maxLength: 32,
    required: "Enter the postal code.",
  },
  {
    name: "country",
    label: "Country",
    autoComplete: "country",
    maxLength: 2,
    required: "Choose the country.",
    hint: "Type part of its name or its two-letter code (DE for Germany), then pick it.",
  },
  // 64: the API's limit for a phone number.
  {
    name: "phone",
    label: "Phone (optional)",
    autoComplete: "tel",
    maxLength: 64,
    hint: "Shown with the address on the return.",
  },
];

const FIELD_NAMES = new Set<string>(RETURN_ADDRESS_FIELDS.map((field) => field.name));

export function initialReturnAddressValues(location: Location): ReturnAddressValues {
  const address = location.return_address;
  return {
    line1: address?.line1 ?? "",
    line2: address?.line2 ?? "",
    city: address?.city ?? "",
    state: address?.state ?? "",
    postalCode: address?.postalCode ?? "",
    country: address?.country ?? "",
    phone: location.phone ?? "",
  };
}

/** The request's change: trimmed, an empty line 2 left out, the country upper-cased, an empty phone null. */
export function toReturnAddressChange(values: ReturnAddressValues): ReturnAddressChange {
  const line2 = values.line2.trim();
  const phone = values.phone.trim();
  return {
    return_address: {
      line1: values.line1.trim(),
      ...(line2 ? { line2 } : {}),
      city: values.city.trim(),
      state: values.state.trim(),
      postalCode: values.postalCode.trim(),
      country: values.country.trim().toUpperCase(),
    },
    phone: phone || null,
  };
}

/** Issues by request path (`location.return_address.city`, `location.phone`), one message per field. */
export function returnAddressErrorsFromIssues(issues: readonly FieldIssue[]): ReturnAddressErrors {
  const errors: ReturnAddressErrors = {};
  for (const issue of issues) {
    const name = issue.path.replace(/^location\.(return_address\.)?/, "");
    if (FIELD_NAMES.has(name)) errors[name as ReturnAddressField] ??= issue.message;
    else errors.form ??= `${issue.path || "Request"}: ${issue.message}`;
  }
  return errors;
}

/**
 * The form's errors before sending, or null when the request may go. Empty fields get a message saying
 * what to enter; the country must be an assigned ISO code because integrations read the return's
 * destination as one (the API refuses anything else too). The rest is the API's own request schema, so nothing it refuses is sent.
 */
export function validateReturnAddress(values: ReturnAddressValues): ReturnAddressErrors | null {
  const change = toReturnAddressChange(values);
  const sent: Record<ReturnAddressField, string> = {
    ...change.return_address,
    line2: values.line2.trim(),
    phone: values.phone.trim(),
  };
  const errors: ReturnAddressErrors = {};
  for (const field of RETURN_ADDRESS_FIELDS) {
    if (field.required && sent[field.name] === "") errors[field.name] = field.required;
  }
  if (!errors.country && !isCountryCode(change.return_address.country)) {
    errors.country = "Choose a country from the list.";
  }
  const parsed = updateLocationRequestSchema.safeParse({ location: change });
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => ({
      path: issue.path.join("."),
      message: issue.message,
    }));
    for (const [field, message] of Object.entries(returnAddressErrorsFromIssues(issues))) {
      errors[field as ReturnAddressField | "form"] ??= message;
    }
  }
  return Object.keys(errors).length > 0 ? errors : null;
}
