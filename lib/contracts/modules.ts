/**
 * Every contract module, one line each: registering a new one is a line here (a new contract in an existing
 * module needs nothing). lib/contracts/index.ts derives the operations list and their types from this.
 */
export * as apiSecrets from "./api-secrets";
export * as customers from "./customers";
export * as inboundReceipts from "./inbound-receipts";
export * as inventory from "./inventory";
export * as inventoryLevels from "./inventory-levels";
export * as notOffered from "./not-offered";
export * as orders from "./orders";
export * as overview from "./overview";
export * as products from "./products";
export * as returnLifecycle from "./return-lifecycle";
export * as returnList from "./return-list";
export * as returnTags from "./return-tags";
export * as returnTimeline from "./return-timeline";
export * as returns from "./returns";
export * as savedViews from "./saved-views";
export * as search from "./search";
export * as staffMembers from "./staff-members";
export * as storeSettings from "./store-settings";
export * as webhookDeliveries from "./webhook-deliveries";
export * as webhooks from "./webhooks";
