import { z } from "zod";
import { timestampSchema } from "./common";

/** Customer profiles, as the published `customer-*.schema` components shape them. */

const customerLocationSchema = z
  .object({
    street1: z.string().optional(),
    street2: z.string().optional(),
    city: z.string().optional(),
    state: z.string().optional(),
    stateCode: z.string().optional(),
    postalCode: z.string().optional(),
    country: z.string().optional(),
    countryCode: z.string().optional(),
    ianaTimeZoneName: z.string().optional(),
    latitude: z.number().optional(),
    longitude: z.number().optional(),
  })
  .meta({ id: "CustomerLocation", description: "Customer location information." });
export type CustomerLocation = z.infer<typeof customerLocationSchema>;

const customFieldsSchema = z
  .record(z.string().min(1).max(100), z.union([z.string().max(1000), z.number(), z.boolean()]))
  .meta({ description: "Custom field values: strings, numbers or booleans by field name." });
export type CustomFields = z.infer<typeof customFieldsSchema>;

const emailSchema = z.email().max(320).meta({ description: "Customer email address." });

export const customerEmailQuerySchema = z.strictObject({ email: emailSchema });

export const customerSchema = z
  .object({
    id: z.string().meta({ description: "Customer id (`cus_…`)." }),
    email: z.string(),
    firstName: z.string().optional(),
    lastName: z.string().optional(),
    phoneNumber: z.string().optional(),
    location: customerLocationSchema.optional(),
    customFields: customFieldsSchema.optional(),
    createdAt: timestampSchema.nullable().optional(),
    updatedAt: timestampSchema.nullable().optional(),
  })
  .meta({ id: "Customer", description: "Customer profile." });
export type Customer = z.infer<typeof customerSchema>;

export const upsertCustomerBodySchema = z
  .strictObject({
    email: emailSchema,
    firstName: z.string().trim().max(200).optional(),
    lastName: z.string().trim().max(200).optional(),
    phoneNumber: z
      .string()
      .regex(/^\+[1-9]\d{1,14}$/, "phoneNumber must be in E.164 format, e.g. +12345678900.")
      .optional(),
    location: customerLocationSchema.optional(),
    customFields: customFieldsSchema.optional(),
  })
  .meta({ id: "CustomerUpsertRequest" });
export type UpsertCustomerBody = z.infer<typeof upsertCustomerBodySchema>;

export const upsertCustomerResponseSchema = z
  .object({ id: z.string(), email: z.string(), created: z.boolean() })
  .meta({ id: "CustomerUpsertResponse" });
