import { pageHeadersSchema } from "../schemas/paging";
import { searchQuerySchema, searchResponseSchema } from "../schemas/search";
import { AUTH, defineContract, nextPage, storeParams } from "./contract";

/* Find anything by a code (docs/search.md). Not in the real service's published schemas. */

export const searchStore = defineContract({
  method: "get",
  path: "/stores/{storeId}/search",
  operationId: "searchStore",
  resource: "search",
  access: "read",
  summary: "Find by code",
  description:
    "Looks a scanned or typed code up among the store's returns (id, order name, return tracking number, item " +
    "identifier), inbound shipments (id, tracking number, merchant shipment id) and inventory items (id, SKU, UPC), " +
    "matched exactly, as sent or upper-cased. Typed results, most recently updated first, header paging.",
  tag: "Search",
  params: storeParams,
  query: searchQuerySchema,
  headers: pageHeadersSchema,
  responses: {
    200: { description: "What the code found.", schema: searchResponseSchema, headers: nextPage },
  },
  errors: [400, ...AUTH],
});
