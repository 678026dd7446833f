import {
  bulkProductUploadRequestSchema,
  bulkProductUploadResponseSchema,
  listProductsQuerySchema,
  listProductsResponseSchema,
  PRODUCT_FAMILIES_PER_UPLOAD,
  productResponseSchema,
  VARIANTS_PER_FAMILY,
} from "../schemas/products";
import {
  AUTH,
  defineContract,
  defineCsvCheckContract,
  defineCsvImportContract,
  defineListContract,
  id,
  storeParams,
} from "./contract";

/*
 * The catalog (docs/catalog.md): the real service's Products bulk upload, Backroom's own list and get, and the
 * products CSV import (docs/csv.md), which reads a file into the bulk upload's families.
 */

export const bulkUploadProducts = defineContract({
  method: "post",
  path: "/stores/{storeId}/products/bulk-upload",
  operationId: "bulkUploadProducts",
  resource: "product",
  access: "write",
  summary: "Bulk upload products",
  description:
    `Creates or updates up to ${PRODUCT_FAMILIES_PER_UPLOAD.toLocaleString("en-US")} product families of up to ` +
    `${VARIANTS_PER_FAMILY} variants (the real service's \`products-bulk-upload.path.yaml\`). A family matches an ` +
    "existing product by `product_family_id`, then `external_id`, then any of its variants' SKUs; a variant " +
    "matches within it by `id`, then `external_id`, then SKU. Stored: the family's title, external id and first " +
    'image; each variant\'s title (else its option values joined with " / "), SKU, UPC, external id, price (minor ' +
    "units, in the store's currency), weight (as kilograms) and first image (`image_url`, the name reads answer, " +
    "is taken as the image too: a Backroom extension); other fields are accepted and not " +
    "kept yet. Each new variant gets the PRODUCT inventory item that tracks its stock. Unlike the real service " +
    "(asynchronous, partial failures) the upload is checked whole and written in one transaction: a bad family " +
    "(unknown `product_family_id`, a SKU of another variant or repeated in the request, another currency) is a " +
    "400 naming each path, and nothing changes, so `error_count` is always 0. Uploads of one store run one at a " +
    "time. Editors and admins.",
  tag: "Products",
  params: storeParams,
  body: bulkProductUploadRequestSchema,
  bodyLimit: 5 * 1024 * 1024,
  responses: {
    200: { description: "Every family, created or updated.", schema: bulkProductUploadResponseSchema },
  },
  errors: [400, ...AUTH, 413, 415],
});

export const listProducts = defineListContract({
  path: "/stores/{storeId}/products",
  operationId: "listProducts",
  resource: "product",
  summary: "List products",
  description:
    "The catalog, most recently updated first, keyset-paged, each product with its variants. Not in the real " +
    "service's published schemas; it follows the inventory levels' conventions.",
  tag: "Products",
  params: storeParams,
  query: listProductsQuerySchema,
  page: { description: "A page of products.", schema: listProductsResponseSchema },
  errors: [400, ...AUTH],
});

export const getProduct = defineContract({
  method: "get",
  path: "/stores/{storeId}/products/{productId}",
  operationId: "getProduct",
  resource: "product",
  access: "read",
  summary: "Get product",
  tag: "Products",
  params: storeParams.extend({ productId: id("Product id (`prd_…`).") }),
  responses: { 200: { description: "The product with its variants.", schema: productResponseSchema } },
  errors: [...AUTH, 404],
});

const PRODUCT_FILE =
  "A CSV file (UTF-8, header row first) with one row per variant; rows with the same `product_external_id` " +
  "form one product. Required columns: `product_external_id` (your product id: the match), `product_title` " +
  "(on at least one of the product's rows), `sku`, `price` (a decimal such as 29.99, in the store's currency). " +
  "Optional: `currency` (the store's when empty; another is an error), `variant_external_id`, `variant_title` " +
  '(else `option1_value` to `option3_value` joined with " / ", else "Default"), `barcode` (kept as the UPC), ' +
  "`weight` with `weight_unit` (g, kg, lb, oz or t; grams when empty), `image_url` (the variant's), " +
  "`product_image_url`. A product's columns may be repeated on each of its rows or given once; two different " +
  "values are an error. An empty optional cell clears the stored value, as the bulk upload does. Other columns " +
  "are ignored. Up to 200,000 lines and 100 variants a product.";

export const checkProductImport = defineCsvCheckContract({
  path: "/stores/{storeId}/products/import/check",
  operationId: "checkProductImport",
  resource: "product",
  summary: "Check a products CSV",
  description:
    "Reads and checks the file without writing anything, matching it to the catalog as Bulk upload products " +
    "does (by external id, then SKU): how many products it would create, update or leave unchanged, how many " +
    "variants it would write (`lines`), every problem with its line and column (a SKU of another product's " +
    "variant or repeated in the file, another currency, a bad price, weight or link, two titles for one product) " +
    "and the first 20 lines. Editors and admins.",
  tag: "Products",
  file: PRODUCT_FILE,
});

export const importProducts = defineCsvImportContract({
  path: "/stores/{storeId}/products/import",
  operationId: "importProducts",
  resource: "product",
  summary: "Import products from CSV",
  description:
    "Checks the file as Check a products CSV does; any problem is a 400 `product/invalid-request` whose " +
    "`errors` name `lines.<line>.<column>`, and nothing is written. Otherwise the file is written through the " +
    "bulk upload in one transaction (all or nothing; uploads and imports of one store run one at a time), each " +
    "new variant with its PRODUCT inventory item, and the answer streams `application/x-ndjson`: `progress` " +
    "lines (`done` of `total` variants written), then one `done` line with the summary (products created, " +
    "updated, unchanged; variants written as `lines`), or one `error` line if the write failed (then nothing " +
    "was written). Values equal to the stored ones are not written, so re-importing a file changes nothing. " +
    "Editors and admins.",
  tag: "Products",
  file: PRODUCT_FILE,
});
