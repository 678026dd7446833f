import { z } from "zod";
import { AUTH, defineContract, id, storeParams } from "./contract";

/*
 * Operations the real service publishes that belong to its storefront, coverage, billing and marketing
 * products, not to a returns and inventory back-office. Each is served: after authentication (401 without
 * a secret, 403 for another store) it answers `501` with a `com.service.api:operation/not-implemented`
 * problem naming the operation, so a client written from the published package meets a documented
 * refusal instead of a 404 (docs/api.md, "Published operations").
 */

const TAG = "Not offered";

type NotOffered = {
  method: "get" | "post";
  path: string;
  operationId: string;
  /** The package's own name of the operation. */
  summary: string;
};

/** The contract of a published operation Backroom answers with 501. */
function notOffered<const N extends NotOffered>(operation: N) {
  return defineContract({
    ...operation,
    description:
      `Published by the real service; Backroom does not offer it. After authentication the answer is always ` +
      "`501` with a `com.service.api:operation/not-implemented` problem naming the operation.",
    tag: TAG,
    resource: "operation",
    access: operation.method === "get" ? "read" : "write",
    params: operation.path.includes("{storeId}")
      ? storeParams
      : operation.path.includes("{invoiceId}")
        ? invoiceParams
        : undefined,
    responses: {},
    errors: [...AUTH, 501],
    notOffered: true,
  });
}

const invoiceParams = z.object({ invoiceId: id("Invoice id.") });

export const getCheckoutButtonsUi = notOffered({
  method: "get",
  path: "/stores/{storeId}/checkout-buttons-ui",
  operationId: "getCheckoutButtonsUi",
  summary: "Checkout buttons UI",
});
export const navigateCoverageInfo = notOffered({
  method: "get",
  path: "/stores/{storeId}/coverage-info",
  operationId: "navigateCoverageInfo",
  summary: "Coverage info navigate",
});
export const listCoverageProducts = notOffered({
  method: "post",
  path: "/stores/{storeId}/coverage-products",
  operationId: "listCoverageProducts",
  summary: "Coverage products",
});
export const createCustomEvent = notOffered({
  method: "post",
  path: "/stores/{storeId}/events",
  operationId: "createCustomEvent",
  summary: "Custom event create",
});
export const createCustomEvents = notOffered({
  method: "post",
  path: "/stores/{storeId}/events/bulk",
  operationId: "createCustomEvents",
  summary: "Bulk create custom events",
});
export const navigateCustomerPortal = notOffered({
  method: "get",
  path: "/stores/{storeId}/customer-portal",
  operationId: "navigateCustomerPortal",
  summary: "Customer portal navigate",
});
export const updateCustomerSubscriptions = notOffered({
  method: "post",
  path: "/stores/{storeId}/customer-subscriptions",
  operationId: "updateCustomerSubscriptions",
  summary: "Customer subscriptions update",
});
export const getPendingInvoiceItemsCsv = notOffered({
  method: "get",
  path: "/invoices/pending/items.csv",
  operationId: "getPendingInvoiceItemsCsv",
  summary: "Invoice pending csv get",
});
export const getInvoiceItemsCsv = notOffered({
  method: "get",
  path: "/invoices/{invoiceId}/items.csv",
  operationId: "getInvoiceItemsCsv",
  summary: "Invoice csv get",
});
export const listInvoices = notOffered({
  method: "get",
  path: "/stores/{storeId}/invoices",
  operationId: "listInvoices",
  summary: "Invoice list",
});
export const navigateMerchantAdmin = notOffered({
  method: "get",
  path: "/stores/{storeId}/admin",
  operationId: "navigateMerchantAdmin",
  summary: "Merchant admin navigate",
});
export const createStorefrontEvent = notOffered({
  method: "post",
  path: "/stores/{storeId}/storefront/events",
  operationId: "createStorefrontEvent",
  summary: "Storefront Event",
});
