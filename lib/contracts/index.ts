import * as apiSecrets from "./api-secrets";
import type { Contract } from "./contract";
import * as inventory from "./inventory";
import * as returns from "./returns";
import * as staffMembers from "./staff-members";
import * as storeSettings from "./store-settings";
import * as webhooks from "./webhooks";

export type { Contract } from "./contract";
export { apiSecrets, inventory, returns, staffMembers, storeSettings, webhooks };

/**
 * Every operation of the API, one contract each, grouped by resource in the files beside this one. The
 * OpenAPI document lists them in this order (the interface's operations first).
 */
export const contracts: readonly Contract[] = [
  inventory.listInboundShipments,
  returns.setReturnItemIdentifiers,
  returns.createReturnComment,
  returns.listReturnComments,
  returns.getReturn,
  returns.listReturns,
  inventory.getInventoryItem,
  inventory.listInventoryItems,
  webhooks.createOrUpdateWebhook,
  webhooks.listWebhooks,
  webhooks.getWebhook,
  webhooks.updateWebhook,
  webhooks.deleteWebhook,
  webhooks.listWebhookDeliveries,
  webhooks.resendWebhookDelivery,
  webhooks.replayWebhookEvents,
  webhooks.sendWebhookTestEvent,
  webhooks.rotateWebhookSigningSecret,
  webhooks.getWebhookSigningSecret,
  webhooks.enableWebhook,
  apiSecrets.listApiSecrets,
  apiSecrets.createApiSecret,
  apiSecrets.getApiSecret,
  apiSecrets.revokeApiSecret,
  staffMembers.listStaffMembers,
  staffMembers.addStaffMember,
  staffMembers.getStaffMember,
  staffMembers.updateStaffMember,
  staffMembers.removeStaffMember,
  staffMembers.createSetPasswordLink,
  storeSettings.getStore,
  storeSettings.updateStore,
  storeSettings.listLocations,
  storeSettings.createLocation,
  storeSettings.getLocation,
  storeSettings.updateLocation,
  returns.getCommentImage,
];

type ContractsIn<M> = { [K in keyof M as M[K] extends Contract ? K : never]: M[K] };

/** Every contract by operationId, as types: what the web app's `callApi` is typed from (type-only import). */
export type ContractMap = ContractsIn<typeof inventory> &
  ContractsIn<typeof returns> &
  ContractsIn<typeof webhooks> &
  ContractsIn<typeof apiSecrets> &
  ContractsIn<typeof staffMembers> &
  ContractsIn<typeof storeSettings>;
export type OperationId = keyof ContractMap;
