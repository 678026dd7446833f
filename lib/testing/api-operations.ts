/// <reference types="vite/client" />

import type { RouteHandler } from "../api/route";
import { contracts } from "../contracts";
import { isStaffOnly } from "../contracts/contract";
import type { Access, ReturnStatus } from "../enums";

/** The ids an operation can address: one of each resource, all of one store (or all unknown). */
export type ResourceIds = {
  returnId: string;
  itemId: string;
  webhookId: string;
  /** A delivery of `webhookId`. */
  deliveryId: string;
  inventoryItemId: string;
  imageId: string;
  /** An API secret (`key_…`) that the suite does not use to authenticate. */
  apiSecretId: string;
  /** A member (user id) of the store who is not an admin and whose only store it is. */
  staffMemberId: string;
  /** An active location of the store that is not its only one (so archiving it is allowed). */
  locationId: string;
  inboundShipmentId: string;
  /** A level of `inventoryItemId`. */
  inventoryLevelId: string;
  productId: string;
  /** Not an id: the SKU of a catalog variant of the store, for bodies that name lines by SKU. */
  sku: string;
  /** Not in a path: a line (`isp_…`) of `inboundShipmentId`, for bodies that name one. */
  shipmentItemId: string;
  /** An order of the store (`ord_…`); Get order also takes its merchant id or name. */
  orderId: string;
  /** Not an id: a tag name, for the paths that take one (a tag `returnId` may or may not have). */
  tagName: string;
  /** A view of the store shared with it (so any of its editors and admins may delete it). */
  savedViewId: string;
  /** Not an id: the tracking number of a parcel of one of the store's returns. */
  trackingNumber: string;
};

type Resource =
  | "return"
  | "order"
  | "webhook"
  | "inventory-item"
  | "inbound-shipment"
  | "inventory-level"
  | "product"
  | "comment-image"
  | "api-secret"
  | "staff-member"
  | "location"
  | "saved-view"
  | "return-shipment";

/**
 * One operation of the API, described so a shared suite can call it as any caller: the handler, the
 * access it needs, whether its path names a store (`store`: a foreign store is a 403) and which
 * resource id it addresses (a foreign id is a 404, like an unknown one).
 */
export type ApiOperation = {
  name: string;
  handler: RouteHandler;
  method: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  access: Access;
  store: boolean;
  resource?: Resource;
  /** Only staff sessions may call it: every API secret, even the store's own, gets a 403. */
  staffOnly?: true;
  /** Statuses a permitted caller gets. */
  ok: number[];
  path(storeId: string, ids: ResourceIds): string;
  params(storeId: string, ids: ResourceIds): Record<string, string>;
  /** A valid body, so a refusal is about the caller and never about the input. */
  body?(ids: ResourceIds): unknown;
  /** The body is a CSV file (`Content-Type: text/csv`), not JSON. */
  csv?: true;
  /**
   * A lifecycle move succeeds only from one status: an allowed call gets a new return of the store in it
   * (the suite's `returnId` and `itemId` then name that return and its one item).
   */
  returnStatus?: ReturnStatus;
};

/** The resource a path addresses, by its first id parameter after the store. */
const RESOURCE_OF_PARAM: Record<string, Resource> = {
  returnId: "return",
  webhookId: "webhook",
  inventoryItemId: "inventory-item",
  imageId: "comment-image",
  apiSecretId: "api-secret",
  staffMemberId: "staff-member",
  locationId: "location",
  inboundShipmentId: "inbound-shipment",
  inventoryLevelId: "inventory-level",
  productId: "product",
  orderId: "order",
  viewId: "saved-view",
  trackingNumber: "return-shipment",
};

/** A minimal Custom Order Sync body (lib/schemas/order-sync.ts). */
export const CROSS_TENANT_ORDER = {
  id: "CT-ORDER",
  type: "order",
  createdAt: "2026-01-05T10:00:00Z",
  updatedAt: "2026-01-05T10:00:00Z",
  presentmentCurrency: "USD",
  shopCurrency: "USD",
  customer: { email: "probe@example.com", firstName: "Cross", lastName: "Tenant" },
  lineItems: [
    {
      id: "CT-LINE-1",
      quantity: 1000,
      priceSet: {
        presentmentMoney: { amount: 10, currency: "USD" },
        shopMoney: { amount: 10, currency: "USD" },
      },
      title: "Probe",
      productId: "CT-PRODUCT",
      sku: "CT-PROBE-SKU",
    },
  ],
  orderDiscounts: [],
  shippingLines: [],
  fulfillments: [],
  shippingAddress: {
    address1: "1 Probe St",
    city: "Reno",
    provinceCode: "NV",
    zip: "89501",
    countryCode: "US",
  },
};

const PRODUCT_PROBE_CSV =
  "product_external_id,product_title,sku,price\nCT-PROBE-CSV,CSV probe,CT-PROBE-CSV-1,1.00\n";

const webhookBody = {
  webhook: { callback: { url: "https://hooks.example.com/cross-tenant", auth: null }, externalId: null },
};

/**
 * A valid body for each operation that takes one: the only thing the registry cannot read from the
 * contracts. Each is chosen so an allowed call succeeds and changes nothing the suite reads afterwards.
 */
const VALID_BODIES: Record<string, (ids: ResourceIds) => unknown> = {
  setReturnItemIdentifiers: (ids) => ({ items: [{ id: ids.itemId, externalIdentifier: "CROSS-TENANT" }] }),
  createReturnComment: () => ({ comment: { message: "cross-tenant probe" } }),
  createOrUpdateWebhook: () => ({
    webhook: { ...webhookBody.webhook, topic: "return", externalId: "cross-tenant-upsert" },
  }),
  updateWebhook: () => webhookBody,
  replayWebhookEvents: () => ({ start: new Date(Date.now() - 60 * 60 * 1000).toISOString() }),
  // A dry run counts and queues nothing.
  bulkResendWebhookDeliveries: () => ({ dryRun: true }),
  createApiSecret: () => ({ api_secret: { name: "cross-tenant probe" } }),
  // A new email per call, so an allowed call is never a 409 "already a member".
  addStaffMember: () => ({
    staff_member: {
      email: `probe-${Math.random().toString(36).slice(2)}@example.com`,
      name: "Cross-tenant probe",
      role: "viewer",
    },
  }),
  updateStaffMember: () => ({ staff_member: { role: "viewer" } }),
  // A time zone only: nothing the other tests read changes.
  updateStore: () => ({ store: { timeZone: "UTC" } }),
  // A new name per call, so an allowed call is never a 409.
  createLocation: () => ({ location: { name: `Probe ${Math.random().toString(36).slice(2)}` } }),
  updateLocation: () => ({ location: { archived: false } }),
  // A count of 0 where the item holds nothing (the suite's own location): valid, and records no movement.
  // A shipment to the suite's own location; the suite reads no shipment list.
  createInboundShipment: (ids) => ({
    inbound_shipment: {
      location_id: ids.locationId,
      shipment_id: "CT-PROBE",
      items: [{ sku: ids.sku, quantity: 1 }],
    },
  }),
  updateInboundShipment: () => ({ inbound_shipment: { tracking_number: "CT-PROBE-TRACKING" } }),
  // The same probe product each time (created, then updated with the same values); in the first demo store's USD.
  bulkUploadProducts: () => ({
    products: [
      {
        title: "Cross-tenant probe",
        external_id: "CT-PROBE",
        variants: [{ sku: "CT-PROBE-1", price: 100, currency: "USD" }],
      },
    ],
  }),
  // The same probe product each time (created once, then imported again unchanged), in the store's currency.
  checkProductImport: () => PRODUCT_PROBE_CSV,
  importProducts: () => PRODUCT_PROBE_CSV,
  // A file any caller may check; importing it again leaves its one shipment unchanged.
  checkInboundShipmentImport: (ids) =>
    `shipment_id,location,sku,quantity\nCT-IMPORT,${ids.locationId},${ids.sku},1\n`,
  importInboundShipments: (ids) =>
    `shipment_id,location,sku,quantity\nCT-IMPORT,${ids.locationId},${ids.sku},1\n`,
  // A count of 0 where the item holds nothing (the suite's own location): valid, and changes no level.
  checkInventoryCountImport: (ids) => `sku,location,quantity\n${ids.sku},${ids.locationId},0\n`,
  importInventoryCounts: (ids) => `sku,location,quantity\n${ids.sku},${ids.locationId},0\n`,
  // The same probe order each time: created once, then synced again unchanged; no return names it.
  syncCustomOrder: () => CROSS_TENANT_ORDER,
  // A return of one unit of the probe order's line; the demo stores' locations have return addresses.
  // Each allowed call makes a new return of that order, so the line's units are many.
  createReturn: () => ({
    data: {
      provider: "custom",
      externalOrderId: CROSS_TENANT_ORDER.id,
      items: [{ lineItemId: "CT-LINE-1", quantity: 1, reason: "Cross-tenant probe", compensation: "refund" }],
      shippingAddress: { line1: "1 Probe St", city: "Reno", state: "NV", postalCode: "89501", country: "US" },
    },
  }),
  // A damaged unit with a reason: the shipment's counters move, no stock level does (the suite reads levels).
  createInboundReceipt: (ids) => ({
    receipt: { lines: [{ item_id: ids.shipmentItemId, damaged: 1, damaged_reason: "damaged_in_transit" }] },
  }),
  // Lifecycle moves, each sent to a new return in the status of RETURN_STATUS_NEEDED.
  updateReturnStatus: () => ({ status: "transit" }),
  approveReturn: (ids) => ({
    items: [{ id: ids.itemId, shipBack: true }],
    customerNotes: "Cross-tenant probe",
  }),
  processReturn: (ids) => ({
    products: [{ _id: ids.itemId, reject: true, rejectReason: "Cross-tenant probe" }],
  }),
  addReturnTag: () => ({ tag: { name: "cross-tenant" } }),
  // An event, not a status: it moves no return and writes nothing.
  updateReturnShipmentStatus: () => ({ status: "delayed", message: "Cross-tenant probe" }),
  // Unflagging a return without the flag changes nothing (no event, no activity).
  bulkReturns: (ids) => ({ action: "unflag", return_ids: [ids.returnId] }),
  // A personal view of the caller's: nobody else sees it.
  createSavedView: () => ({
    saved_view: { list: "returns", name: "Cross-tenant probe", query: "status=open" },
  }),
  createInventoryMovements: (ids) => ({
    movements: [
      {
        inventory_item_id: ids.inventoryItemId,
        location_id: ids.locationId,
        set_to: 0,
        reason: "cycle_count",
      },
    ],
  }),
};

/** The status a lifecycle move starts from (lib/domain/returns/transitions.ts). */
const RETURN_STATUS_NEEDED: Record<string, ReturnStatus> = {
  updateReturnStatus: "open",
  approveReturn: "manual_review",
  processReturn: "delivered",
};

/** A query for the operations that require one, so a refusal is about the caller and not the query. */
const VALID_QUERIES: Record<string, string> = { searchStore: "?q=CT-PROBE" };

// Every route module of the API, by file: the handlers the contracts' paths lead to.
const ROUTE_MODULES = import.meta.glob<Record<string, RouteHandler | undefined>>(
  "../../app/api/v2.2/**/route.ts",
  { eager: true },
);

/** `app/api/v2.2/stores/[storeId]/route.ts` for `/stores/{storeId}`. */
export function routeFileOf(path: string): string {
  return `../../app/api/v2.2${path.replace(/\{(\w+)\}/g, "[$1]")}/route.ts`;
}

function fill(path: string, values: Record<string, string>): string {
  return path.replace(/\{(\w+)\}/g, (_match, name: string) => values[name] ?? `{${name}}`);
}

function paramValues(path: string, storeId: string, ids: ResourceIds): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [, name] of path.matchAll(/\{(\w+)\}/g)) {
    // `viewId` is the one path parameter not named like its ResourceIds key.
    const key = name === "viewId" ? "savedViewId" : (name as keyof ResourceIds);
    values[name as string] = name === "storeId" ? storeId : ids[key];
  }
  return values;
}

/** The whole registry, derived from the contracts: the cross-tenant suite runs every entry. */
export const apiOperations: ApiOperation[] = contracts.map((contract) => {
  const method = contract.method.toUpperCase() as ApiOperation["method"];
  const handler = ROUTE_MODULES[routeFileOf(contract.path)]?.[method];
  if (!handler) throw new Error(`${method} ${contract.path}: no handler in ${routeFileOf(contract.path)}`);
  const idParam = [...contract.path.matchAll(/\{(\w+)\}/g)]
    .map((m) => m[1] as string)
    .find((n) => n !== "storeId");
  const body = VALID_BODIES[contract.operationId];
  const returnStatus = RETURN_STATUS_NEEDED[contract.operationId];
  return {
    name: `${method} ${contract.path}`,
    handler,
    method,
    access: contract.access,
    store: contract.path.includes("{storeId}"),
    ...(idParam ? { resource: RESOURCE_OF_PARAM[idParam] } : {}),
    ...(isStaffOnly(contract) ? { staffOnly: true as const } : {}),
    ok: Object.keys(contract.responses)
      .map(Number)
      .filter((status) => status >= 200 && status < 300),
    path: (storeId, ids) =>
      fill(contract.path, paramValues(contract.path, storeId, ids)) +
      (VALID_QUERIES[contract.operationId] ?? ""),
    params: (storeId, ids) => paramValues(contract.path, storeId, ids),
    ...(body ? { body } : {}),
    ...(contract.csvBody ? { csv: true as const } : {}),
    ...(returnStatus ? { returnStatus } : {}),
  };
});

/** The route modules, for the test that holds route files to their contracts. */
export function routeModules(): Record<string, Record<string, unknown>> {
  return ROUTE_MODULES as Record<string, Record<string, unknown>>;
}
