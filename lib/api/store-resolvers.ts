import type { Db } from "../db";
import { findAlertRuleStore } from "../domain/alerts/rules";
import { findApiKeyStore } from "../domain/api-keys";
import { findBinStore } from "../domain/bins/bins";
import { findCycleCountStore } from "../domain/cycle-counts/read";
import { findInboundShipmentStore } from "../domain/inbound-shipments/get";
import { findInventoryItemStore } from "../domain/inventory-items/get-inventory-item";
import { findLocationStore } from "../domain/locations/locations";
import { findFulfillmentStore, findOrderStore } from "../domain/orders/find-store";
import { findReturnStore } from "../domain/returns/get";
import { findReturnShipmentStore } from "../domain/returns/tracking";
import { findSavedViewStore } from "../domain/saved-views";
import { findStaffMemberStore } from "../domain/staff-members";
import { findSupplierClaimStore } from "../domain/suppliers/claim-read";
import { findSupplierStore } from "../domain/suppliers/suppliers";
import { findTransferStore } from "../domain/transfers/read";
import { findWebhookStore } from "../domain/webhooks/find-webhook-store";
import type { StoreResolvedKind } from "../ids";

type ResolverInput = { db: Db; params: Record<string, string>; storeIds: string[] };

/**
 * How a contract's `storeOf` finds the store of the resource its path names, before the body is read, by
 * id kind (every kind lib/ids.ts marks `storeResolver`: one missing here does not compile): each throws the
 * resource's 404 for an unknown id or one of a store the caller cannot see.
 */
export const STORE_RESOLVERS: Record<StoreResolvedKind, (input: ResolverInput) => Promise<string>> = {
  // A path that names the store too: the return must be that store's.
  return: ({ db, params, storeIds }) =>
    findReturnStore(db, {
      returnId: params.returnId ?? "",
      storeIds: params.storeId === undefined ? storeIds : [params.storeId],
    }),
  webhook: ({ db, params, storeIds }) =>
    findWebhookStore(db, { webhookId: params.webhookId ?? "", storeIds }),
  apiKey: ({ db, params, storeIds }) => findApiKeyStore(db, { apiKeyId: params.apiSecretId ?? "", storeIds }),
  staffUser: ({ db, params }) =>
    findStaffMemberStore(db, { storeId: params.storeId ?? "", staffMemberId: params.staffMemberId ?? "" }),
  location: ({ db, params }) =>
    findLocationStore(db, { storeId: params.storeId ?? "", locationId: params.locationId ?? "" }),
  bin: ({ db, params }) => findBinStore(db, { storeId: params.storeId ?? "", binId: params.binId ?? "" }),
  supplier: ({ db, params }) =>
    findSupplierStore(db, { storeId: params.storeId ?? "", supplierId: params.supplierId ?? "" }),
  supplierClaim: ({ db, params }) =>
    findSupplierClaimStore(db, {
      storeId: params.storeId ?? "",
      supplierClaimId: params.supplierClaimId ?? "",
    }),
  transfer: ({ db, params }) =>
    findTransferStore(db, { storeId: params.storeId ?? "", transferId: params.transferId ?? "" }),
  cycleCount: ({ db, params }) =>
    findCycleCountStore(db, { storeId: params.storeId ?? "", cycleCountId: params.cycleCountId ?? "" }),
  inboundShipment: ({ db, params }) =>
    findInboundShipmentStore(db, {
      storeId: params.storeId ?? "",
      inboundShipmentId: params.inboundShipmentId ?? "",
    }),
  inventoryItem: ({ db, params }) =>
    findInventoryItemStore(db, {
      storeId: params.storeId ?? "",
      inventoryItemId: params.inventoryItemId ?? "",
    }),
  returnShipment: ({ db, params }) =>
    findReturnShipmentStore(db, {
      storeId: params.storeId ?? "",
      trackingNumber: params.trackingNumber ?? "",
    }),
  savedView: ({ db, params }) =>
    findSavedViewStore(db, { storeId: params.storeId ?? "", viewId: params.viewId ?? "" }),
  alertRule: ({ db, params }) =>
    findAlertRuleStore(db, { storeId: params.storeId ?? "", alertId: params.alertId ?? "" }),
  order: ({ db, params }) =>
    findOrderStore(db, { storeId: params.storeId ?? "", orderId: params.orderId ?? "" }),
  fulfillment: ({ db, params }) =>
    findFulfillmentStore(db, {
      storeId: params.storeId ?? "",
      orderId: params.orderId ?? "",
      fulfillmentId: params.fulfillmentId ?? "",
    }),
};
