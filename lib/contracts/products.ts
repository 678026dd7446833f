import { pageHeadersSchema } from "../schemas/paging";
import {
  bulkProductUploadRequestSchema,
  bulkProductUploadResponseSchema,
  listProductsQuerySchema,
  listProductsResponseSchema,
  PRODUCT_FAMILIES_PER_UPLOAD,
  productResponseSchema,
  VARIANTS_PER_FAMILY,
} from "../schemas/products";
import { AUTH, defineContract, id, nextPage, storeParams } from "./contract";

/* The catalog (docs/catalog.md): the real service's Products bulk upload, and Backroom's own list and get. */

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
    "units, in the store's currency), weight (as kilograms) and first image; other fields are accepted and not " +
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

export const listProducts = defineContract({
  method: "get",
  path: "/stores/{storeId}/products",
  operationId: "listProducts",
  resource: "product",
  access: "read",
  summary: "List products",
  description:
    "The catalog, most recently updated first, keyset-paged, each product with its variants. Not in the real " +
    "service's published schemas; it follows the inventory levels' conventions.",
  tag: "Products",
  params: storeParams,
  query: listProductsQuerySchema,
  headers: pageHeadersSchema,
  responses: {
    200: { description: "A page of products.", schema: listProductsResponseSchema, headers: nextPage },
  },
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
