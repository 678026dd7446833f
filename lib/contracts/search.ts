import { searchQuerySchema, searchResponseSchema } from "../schemas/search";
import { AUTH, defineListContract, storeParams } from "./contract";

/* Find anything by a code (docs/search.md). Not in the real service's published schemas. */

export const searchStore = defineListContract({
  path: "/stores/{storeId}/search",
  operationId: "searchStore",
  resource: "search",
  summary: "Find by code",
  description:
    "Looks a scanned or typed code up among the store's returns (id, order name, return tracking number, item " +
    "identifier), inbound shipments (id, tracking number, merchant shipment id) and inventory items (id, SKU, UPC), " +
    "matched exactly, as sent or upper-cased. Typed results, most recently updated first, header paging.",
  tag: "Search",
  params: storeParams,
  query: searchQuerySchema,
  page: { description: "What the code found.", schema: searchResponseSchema },
  errors: [400, ...AUTH],
});
