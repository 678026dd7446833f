import { z } from "zod";

/**
 * Import returns (`POST /stores/{storeId}/returns/bulk`), as the package's `bulk-returns-request.schema`
 * and `bulk-returns-response.schema` shape it: up to 100 returns made outside Backroom, each created or
 * refused on its own.
 */

export const MAX_IMPORTED_RETURNS = 100;

const text = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) => z.string().trim().max(max).optional();

const importAddressSchema = z.object({
  line1: text(255),
  line2: optionalText(255),
  city: text(255),
  state: optionalText(255),
  postalCode: optionalText(32),
  country: text(64).meta({ description: "ISO 3166-1 alpha-2 country code." }),
  name: optionalText(255),
  phone: optionalText(64),
});
export type ImportAddress = z.infer<typeof importAddressSchema>;

const importedProductSchema = z.object({
  productId: text(255).meta({
    description: "Product id (`prd_…`, its first variant) or variant id (`var_…`).",
  }),
  quantity: z.int().min(1).max(100_000),
  sku: optionalText(255),
  barcode: optionalText(255),
  productTitle: optionalText(255),
  variantTitle: optionalText(255),
  reason: optionalText(255),
  condition: optionalText(255),
});

const importedReturnSchema = z.object({
  products: z.array(importedProductSchema).min(1).max(100),
  customer: z
    .object({
      firstName: optionalText(200),
      lastName: optionalText(200),
      email: z.email().max(320).optional(),
    })
    .optional(),
  externalReferenceId: optionalText(255).meta({
    description: "The merchant's RMA id: unique per store (a second import with it is refused).",
  }),
  trackingNumber: optionalText(255),
  carrier: optionalText(100),
  notes: optionalText(5000),
  idempotencyKey: optionalText(255).meta({
    description: "An entry sent again with a key already imported answers the return it made.",
  }),
  currency: z
    .string()
    .regex(/^[A-Z]{3}$/, "Expected an ISO 4217 currency code.")
    .optional(),
  shippingAddress: importAddressSchema.optional(),
  merchantAddress: importAddressSchema.optional(),
});
export type ImportedReturn = z.infer<typeof importedReturnSchema>;

export const importReturnsBodySchema = z
  .object({ returns: z.array(importedReturnSchema).min(1).max(MAX_IMPORTED_RETURNS) })
  .meta({ id: "ImportReturnsRequest" });

const createdResultSchema = z.object({
  status: z.literal("created"),
  index: z.int(),
  returnId: z.string(),
});
const errorResultSchema = z.object({
  status: z.literal("error"),
  index: z.int(),
  error: z.string(),
});
const importResultSchema = z.discriminatedUnion("status", [createdResultSchema, errorResultSchema]);
export type ImportResult = z.infer<typeof importResultSchema>;

export const importReturnsResponseSchema = z
  .object({
    totalCount: z.int(),
    processedCount: z.int().meta({ description: "Entries created." }),
    errorCount: z.int(),
    results: z.array(importResultSchema).meta({ description: "One per entry, in request order." }),
  })
  .meta({ id: "ImportReturnsResponse" });
