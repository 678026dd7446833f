import * as returnComments from "@/app/api/v2.2/returns/[returnId]/comments/route";
import * as returnById from "@/app/api/v2.2/returns/[returnId]/route";
import * as inboundShipments from "@/app/api/v2.2/stores/[storeId]/inbound-shipments/route";
import * as inventoryItem from "@/app/api/v2.2/stores/[storeId]/inventory-items/[inventoryItemId]/route";
import * as inventoryItems from "@/app/api/v2.2/stores/[storeId]/inventory-items/route";
import * as itemIdentifiers from "@/app/api/v2.2/stores/[storeId]/returns/[returnId]/item-identifiers/route";
import * as storeReturns from "@/app/api/v2.2/stores/[storeId]/returns/route";
import type { Access } from "../api/principal";
import type { RouteHandler } from "../api/route";
import { settingsOperations } from "./api-operations-settings";
import { storeOperations } from "./api-operations-store";
import { teamOperations } from "./api-operations-team";

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
};

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
  resource?:
    | "return"
    | "webhook"
    | "inventory-item"
    | "comment-image"
    | "api-secret"
    | "staff-member"
    | "location";
  /** Only staff sessions may call it: every API secret, even the store's own, gets a 403. */
  staffOnly?: true;
  /** Statuses a permitted caller gets. */
  ok: number[];
  path(storeId: string, ids: ResourceIds): string;
  params(storeId: string, ids: ResourceIds): Record<string, string>;
  /** A valid body, so a refusal is about the caller and never about the input. */
  body?(ids: ResourceIds): unknown;
};

export const apiOperations: ApiOperation[] = [
  {
    name: "GET /stores/{storeId}/inbound-shipments",
    handler: inboundShipments.GET,
    method: "GET",
    access: "read",
    store: true,
    ok: [200],
    path: (s) => `/stores/${s}/inbound-shipments`,
    params: (s) => ({ storeId: s }),
  },
  {
    name: "PUT /stores/{storeId}/returns/{returnId}/item-identifiers",
    handler: itemIdentifiers.PUT,
    method: "PUT",
    access: "write",
    store: true,
    resource: "return",
    ok: [200],
    path: (s, ids) => `/stores/${s}/returns/${ids.returnId}/item-identifiers`,
    params: (s, ids) => ({ storeId: s, returnId: ids.returnId }),
    body: (ids) => ({ items: [{ id: ids.itemId, externalIdentifier: "CROSS-TENANT" }] }),
  },
  {
    name: "POST /returns/{returnId}/comments",
    handler: returnComments.POST,
    method: "POST",
    access: "write",
    store: false,
    resource: "return",
    ok: [201],
    path: (_s, ids) => `/returns/${ids.returnId}/comments`,
    params: (_s, ids) => ({ returnId: ids.returnId }),
    body: () => ({ comment: { message: "cross-tenant probe" } }),
  },
  {
    name: "GET /returns/{returnId}/comments",
    handler: returnComments.GET,
    method: "GET",
    access: "read",
    store: false,
    resource: "return",
    ok: [200],
    path: (_s, ids) => `/returns/${ids.returnId}/comments`,
    params: (_s, ids) => ({ returnId: ids.returnId }),
  },
  {
    name: "GET /returns/{returnId}",
    handler: returnById.GET,
    method: "GET",
    access: "read",
    store: false,
    resource: "return",
    ok: [200],
    path: (_s, ids) => `/returns/${ids.returnId}`,
    params: (_s, ids) => ({ returnId: ids.returnId }),
  },
  {
    name: "GET /stores/{storeId}/returns",
    handler: storeReturns.GET,
    method: "GET",
    access: "read",
    store: true,
    ok: [200],
    path: (s) => `/stores/${s}/returns`,
    params: (s) => ({ storeId: s }),
  },
  {
    name: "GET /stores/{storeId}/inventory-items/{inventoryItemId}",
    handler: inventoryItem.GET,
    method: "GET",
    access: "read",
    store: true,
    resource: "inventory-item",
    ok: [200],
    path: (s, ids) => `/stores/${s}/inventory-items/${ids.inventoryItemId}`,
    params: (s, ids) => ({ storeId: s, inventoryItemId: ids.inventoryItemId }),
  },
  {
    name: "GET /stores/{storeId}/inventory-items",
    handler: inventoryItems.GET,
    method: "GET",
    access: "read",
    store: true,
    ok: [200],
    path: (s) => `/stores/${s}/inventory-items`,
    params: (s) => ({ storeId: s }),
  },
  ...storeOperations,
  ...settingsOperations,
  ...teamOperations,
];
