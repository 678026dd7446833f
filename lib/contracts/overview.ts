import { overviewResponseSchema } from "../schemas/overview";
import { AUTH, defineContract, storeParams } from "./contract";

/* The store's home page data (docs/overview.md). A Backroom extension: the real service publishes no such operation. */

export const getStoreOverview = defineContract({
  method: "get",
  path: "/stores/{storeId}/overview",
  operationId: "getStoreOverview",
  resource: "overview",
  access: "read",
  summary: "Store overview",
  description:
    "Counts of the work waiting (returns to review, delivered returns to process, shipments arriving within 7 " +
    "days, late shipments, failing webhooks), each equal to what the list behind it shows with the same " +
    "filter, the first-run checklist's steps (each done when the store's own rows show it), and 12 weeks of series: returns created by type, the top return reasons, the median time from " +
    "delivered to closed, and inbound units expected against received. Weeks are Monday to Sunday in UTC.",
  tag: "Store",
  params: storeParams,
  responses: { 200: { description: "The overview, computed now.", schema: overviewResponseSchema } },
  errors: [...AUTH],
});
