import { z } from "zod";
import { currencyCodeSchema, moneySchema, timestampSchema } from "./common";

/**
 * The catalog (docs/catalog.md). Writing follows the real service's Products bulk upload
 * (`products-bulk-upload.path.yaml`: product families with variants, price in minor units); reading is
 * Backroom's own list and get, in the same snake_case.
 */

export const PRODUCT_FAMILIES_PER_UPLOAD = 1000;
export const VARIANTS_PER_FAMILY = 100;

const imageUrlSchema = z.url({ protocol: /^https?$/, error: "Must be an http(s) URL." }).max(2000);

/**
 * `image_url`, the name Backroom's reads give the stored image, is taken too (a Backroom extension): a client
 * that sends back what it read keeps its image, and a bad link is a 400 rather than an unknown key dropped.
 */
const imageUrlAlias = imageUrlSchema.optional().meta({
  description:
    "Backroom extension: the image's URL, as reads answer it; `images[0].url` wins when both are given.",
});

const imageSchema = z
  .object({
    url: imageUrlSchema,
    alt_text: z.string().max(500).optional(),
  })
  .meta({ id: "BulkProductImage" });

const bulkVariantSchema = z
  .object({
    id: z
      .string()
      .max(255)
      .optional()
      .meta({ description: "Backroom's variant id (`var_…`), to match an existing variant." }),
    external_id: z
      .string()
      .min(1)
      .max(255)
      .optional()
      .meta({ description: "The variant's id in your system." }),
    title: z
      .string()
      .max(500)
      .optional()
      .meta({ description: 'e.g. "Small / Blue"; else the option values joined.' }),
    sku: z.string().trim().min(1).max(255),
    upc: z.string().trim().min(1).max(50).optional(),
    barcodes: z
      .array(z.string().max(255))
      .max(20)
      .optional()
      .meta({ description: "Accepted; not kept yet." }),
    price: z
      .int()
      .min(0)
      .max(1_000_000_000_000)
      .meta({ description: "In the currency's minor unit (cents for USD)." }),
    currency: currencyCodeSchema,
    weight: z.number().min(0).max(1_000_000).optional(),
    weight_unit: z.enum(["g", "kg", "lb", "oz", "t"]).optional(),
    width: z.number().min(0).optional(),
    length: z.number().min(0).optional(),
    height: z.number().min(0).optional(),
    dimension_unit: z.enum(["in", "cm"]).optional(),
    hs_code: z.string().max(50).optional(),
    origin_country: z
      .string()
      .regex(/^[A-Z]{2}$/)
      .optional(),
    option_values: z.array(z.string().max(255)).max(10).optional(),
    images: z.array(imageSchema).max(20).optional(),
    image_url: imageUrlAlias,
  })
  .meta({ id: "BulkVariant" });

const bulkFamilySchema = z
  .object({
    product_family_id: z
      .string()
      .max(255)
      .optional()
      .meta({ description: "Backroom's product id (`prd_…`): first match." }),
    external_id: z
      .string()
      .min(1)
      .max(255)
      .optional()
      .meta({ description: "The product's id in your system: second match." }),
    title: z.string().trim().min(1).max(500),
    description: z.string().max(5000).optional(),
    vendor: z.string().max(255).optional(),
    tags: z
      .array(z.string().max(255))
      .max(250)
      .optional()
      .meta({ description: "Kept (Backroom): putaway rules match them. Left out: the stored tags stay." }),
    product_type: z.string().trim().max(255).optional().meta({
      description:
        "Backroom extension: the product's type, which putaway rules match; empty clears it, left out keeps it.",
    }),
    tracks_lots: z.boolean().optional().meta({
      description:
        "Backroom extension: receipts of its units record a lot number (and may record an expiry date). Left out: unchanged (false for a new product).",
    }),
    kind: z.enum(["SELLABLE", "NON_SELLABLE"]).optional(),
    options: z
      .array(z.object({ name: z.string().max(255), values: z.array(z.string().max(255)).max(100) }))
      .max(3)
      .optional(),
    images: z.array(imageSchema).max(20).optional(),
    image_url: imageUrlAlias,
    variants: z.array(bulkVariantSchema).min(1).max(VARIANTS_PER_FAMILY),
  })
  .meta({ id: "BulkProductFamily" });

export const bulkProductUploadRequestSchema = z
  .object({ products: z.array(bulkFamilySchema).min(1).max(PRODUCT_FAMILIES_PER_UPLOAD) })
  .superRefine((body, ctx) => {
    const seen = new Map<string, string>();
    body.products.forEach((family, f) => {
      family.variants.forEach((variant, v) => {
        const first = seen.get(variant.sku);
        if (first) {
          ctx.addIssue({
            code: "custom",
            path: ["products", f, "variants", v, "sku"],
            message: `This SKU is already in the request (${first}); a SKU names one variant.`,
          });
        } else seen.set(variant.sku, `products.${f}.variants.${v}`);
      });
    });
  })
  .meta({ id: "BulkProductUploadRequest" });
export type BulkProductFamily = z.infer<typeof bulkFamilySchema>;

export const bulkProductUploadResponseSchema = z
  .object({
    total_count: z.int(),
    processed_count: z.int(),
    error_count: z.int().meta({ description: "Always 0: a request with a bad family fails whole (400)." }),
    results: z.array(
      z.object({
        status: z.enum(["created", "updated"]),
        product_family_id: z.string(),
        products: z.array(z.object({ id: z.string(), sku: z.string() })),
      }),
    ),
  })
  .meta({ id: "BulkProductUploadResponse" });
export type BulkProductUploadResponse = z.infer<typeof bulkProductUploadResponseSchema>;

export const productVariantSchema = z
  .object({
    id: z.string().meta({ description: "Prefixed `var_`." }),
    external_id: z.string().nullable(),
    title: z.string(),
    sku: z.string().nullable(),
    upc: z.string().nullable(),
    price: moneySchema,
    weight_kg: z.string().nullable().meta({ description: 'Decimal kilograms, e.g. "0.250".' }),
    image_url: z.string().nullable(),
    inventory_item_id: z
      .string()
      .nullable()
      .meta({ description: "The PRODUCT inventory item that tracks its stock." }),
  })
  .meta({ id: "ProductVariant" });

export const productSchema = z
  .object({
    id: z.string().meta({ description: "Prefixed `prd_` (the bulk upload's `product_family_id`)." }),
    external_id: z.string().nullable(),
    title: z.string(),
    image_url: z.string().nullable(),
    product_type: z.string().nullable().meta({ description: "Backroom extension: putaway rules match it." }),
    tags: z.array(z.string()).meta({ description: "Backroom extension: putaway rules match them." }),
    tracks_lots: z.boolean().meta({
      description: "Backroom extension: receipts of its units record a lot number and expiry (docs/bins.md).",
    }),
    variants: z.array(productVariantSchema),
    created_at: timestampSchema,
    updated_at: timestampSchema,
  })
  .meta({ id: "Product" });
export type Product = z.infer<typeof productSchema>;

export const productResponseSchema = z.object({ product: productSchema }).meta({ id: "ProductResponse" });
export const listProductsResponseSchema = z
  .object({ products: z.array(productSchema) })
  .meta({ id: "ProductList" });

export const listProductsQuerySchema = z.strictObject({
  sku: z.string().min(1).max(255).optional().meta({ description: "Products with a variant of this SKU." }),
  external_id: z.string().min(1).max(255).optional(),
  q: z.string().min(1).max(200).optional().meta({ description: "Case-insensitive part of the title." }),
});
