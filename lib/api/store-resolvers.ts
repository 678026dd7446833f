import type { StoreResolverName } from "../contracts/contract";
import type { Db } from "../db";
import { findApiKeyStore } from "../domain/api-keys";
import { findInboundShipmentStore } from "../domain/inbound-shipments/get";
import { findLocationStore } from "../domain/locations/locations";
import { findFulfillmentStore, findOrderStore } from "../domain/orders/find-store";
import { findReturnStore } from "../domain/returns/get";
import { findReturnShipmentStore } from "../domain/returns/tracking";
import { findStaffMemberStore } from "../domain/staff-members";
import { findWebhookStore } from "../domain/webhooks/find-webhook-store";

type ResolverInput = { db: Db; params: Record<string, string>; storeIds: string[] };

/**
 * How a contract's `storeOf` finds the store of the resource its path names, before the body is read:
 * each throws the resource's 404 for an unknown id or one of a store the caller cannot see.
 */
export const STORE_RESOLVERS: Record<StoreResolverName, (input: ResolverInput) => Promise<string>> = {
  return: ({ db, params, storeIds }) => findReturnStore(db, { returnId: params.returnId ?? "", storeIds }),
  // A path that names the store too: the return must be that store's.
  "return-in-store": ({ db, params }) =>
    findReturnStore(db, { returnId: params.returnId ?? "", storeIds: [params.storeId ?? ""] }),
  webhook: ({ db, params, storeIds }) =>
    findWebhookStore(db, { webhookId: params.webhookId ?? "", storeIds }),
  "api-secret": ({ db, params, storeIds }) =>
    findApiKeyStore(db, { apiKeyId: params.apiSecretId ?? "", storeIds }),
  "staff-member": ({ db, params }) =>
    findStaffMemberStore(db, { storeId: params.storeId ?? "", staffMemberId: params.staffMemberId ?? "" }),
  location: ({ db, params }) =>
    findLocationStore(db, { storeId: params.storeId ?? "", locationId: params.locationId ?? "" }),
  "inbound-shipment": ({ db, params }) =>
    findInboundShipmentStore(db, {
      storeId: params.storeId ?? "",
      inboundShipmentId: params.inboundShipmentId ?? "",
    }),
  "return-shipment": ({ db, params }) =>
    findReturnShipmentStore(db, {
      storeId: params.storeId ?? "",
      trackingNumber: params.trackingNumber ?? "",
    }),
  order: ({ db, params }) =>
    findOrderStore(db, { storeId: params.storeId ?? "", orderId: params.orderId ?? "" }),
  "order-fulfillment": ({ db, params }) =>
    findFulfillmentStore(db, {
      storeId: params.storeId ?? "",
      orderId: params.orderId ?? "",
      fulfillmentId: params.fulfillmentId ?? "",
    }),
};
