import { z } from "zod";
import { isCountryCode } from "../enums";
import { timestampSchema } from "./common";
import { addressSchema } from "./returns";

/**
 * A store's locations (warehouses, stores, return hubs). The interface only shows `{ id, name }` as a
 * shipment's destination; the real service publishes no location operations, so these follow the
 * neighbouring inbound-shipment resource (snake_case, `{ location }` wrappers). docs/locations.md.
 */

// C0 controls, DEL and C1 controls: invisible in every picker and a source of look-alike names.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001F\u007F-\u009F]*$/;

export const locationNameSchema = z
  .string()
  .trim()
  .min(1, "Enter the location's name.")
  .max(100, "Use at most 100 characters.")
  .regex(NO_CONTROL_CHARACTERS, "The name must not contain control characters.")
  .meta({
    description: "1..100 characters after trimming, unique in the store.",
    example: "Reno returns hub",
  });

export const locationSchema = z
  .object({
    id: z.string().meta({ description: "Prefixed `loc_`.", example: "loc_3ZbQ9mX2kT7vLp0aYc1RfD" }),
    name: z.string(),
    archived: z.boolean().meta({
      description:
        "An archived location keeps its stock, shipments and history but is left out of pickers and of this list unless `include_archived=true`.",
    }),
    archived_at: timestampSchema.optional().meta({ description: "When it was archived; omitted if active." }),
    return_address: addressSchema.nullable().meta({
      description:
        "Where returns sent to this location go (a return's destination), or null when it takes none.",
    }),
    phone: z.string().nullable().meta({ description: "The phone number shown with the return address." }),
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .meta({ id: "Location" });
export type Location = z.infer<typeof locationSchema>;

export const listLocationsQuerySchema = z.strictObject({
  include_archived: z
    .enum(["true", "false"])
    .optional()
    .meta({ description: "`true` lists archived locations too (after the active ones). Default `false`." }),
});

export const listLocationsResponseSchema = z
  .object({ locations: z.array(locationSchema) })
  .meta({ id: "LocationList" });
export type ListLocationsResponse = z.infer<typeof listLocationsResponseSchema>;

export const locationResponseSchema = z.object({ location: locationSchema }).meta({ id: "LocationResponse" });
export type LocationResponse = z.infer<typeof locationResponseSchema>;

// Strict like the rest of this body (the Address component itself only describes answers). The country
// is an assigned ISO code: a name or a guess ("GE" for Germany is Georgia) is refused, not stored.
const returnAddressInput = z
  .strictObject({
    ...addressSchema.shape,
    country: z
      .string()
      .refine(isCountryCode, {
        message: "Use an ISO 3166-1 alpha-2 country code in upper case, e.g. DE for Germany or US.",
      })
      .meta({ description: "ISO 3166-1 alpha-2 country code in upper case, e.g. `DE` (Germany)." }),
  })
  .nullable()
  .meta({
    description:
      "The return address (line1, city, state, postalCode, country required; line2 optional); null clears it.",
  });
const phoneInput = z.string().trim().max(64).nullable();

export const createLocationRequestSchema = z
  .strictObject({
    location: z.strictObject({
      name: locationNameSchema,
      return_address: returnAddressInput.optional(),
      phone: phoneInput.optional(),
    }),
  })
  .meta({ id: "CreateLocationRequest" });

export const updateLocationRequestSchema = z
  .strictObject({
    location: z
      .strictObject({
        name: locationNameSchema.optional(),
        archived: z.boolean().optional().meta({ description: "`true` archives, `false` restores." }),
        return_address: returnAddressInput.optional(),
        phone: phoneInput.optional(),
      })
      .refine((value) => Object.values(value).some((field) => field !== undefined), {
        message: "Send at least one of name, archived, return_address and phone.",
      }),
  })
  .meta({ id: "UpdateLocationRequest" });
