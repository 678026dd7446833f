import * as apiSecretById from "@/app/api/v2.2/api-secrets/[apiSecretId]/route";
import * as commentImage from "@/app/api/v2.2/comment-images/[imageId]/route";
import * as returnComments from "@/app/api/v2.2/returns/[returnId]/comments/route";
import * as returnById from "@/app/api/v2.2/returns/[returnId]/route";
import * as storeApiSecrets from "@/app/api/v2.2/stores/[storeId]/api-secrets/route";
import * as inboundShipments from "@/app/api/v2.2/stores/[storeId]/inbound-shipments/route";
import * as inventoryItem from "@/app/api/v2.2/stores/[storeId]/inventory-items/[inventoryItemId]/route";
import * as inventoryItems from "@/app/api/v2.2/stores/[storeId]/inventory-items/route";
import * as storeLocations from "@/app/api/v2.2/stores/[storeId]/locations/route";
import * as itemIdentifiers from "@/app/api/v2.2/stores/[storeId]/returns/[returnId]/item-identifiers/route";
import * as storeReturns from "@/app/api/v2.2/stores/[storeId]/returns/route";
import * as storeWebhooks from "@/app/api/v2.2/stores/[storeId]/webhooks/route";
import * as resendDelivery from "@/app/api/v2.2/webhooks/[webhookId]/deliveries/[deliveryId]/resend/route";
import * as webhookDeliveries from "@/app/api/v2.2/webhooks/[webhookId]/deliveries/route";
import * as enableWebhook from "@/app/api/v2.2/webhooks/[webhookId]/enable/route";
import * as replayWebhook from "@/app/api/v2.2/webhooks/[webhookId]/replay/route";
import * as rotateSecret from "@/app/api/v2.2/webhooks/[webhookId]/rotate-secret/route";
import * as webhookById from "@/app/api/v2.2/webhooks/[webhookId]/route";
import * as signingSecret from "@/app/api/v2.2/webhooks/[webhookId]/signing-secret/route";
import * as testWebhook from "@/app/api/v2.2/webhooks/[webhookId]/test/route";
import type { Access } from "../api/principal";
import type { RouteHandler } from "../api/route";

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
};

/**
 * One operation of the API, described so a shared suite can call it as any caller: the handler, the
 * access it needs, whether its path names a store (`store`: a foreign store is a 403) and which
 * resource id it addresses (a foreign id is a 404, like an unknown one).
 */
export type ApiOperation = {
  name: string;
  handler: RouteHandler;
  method: "GET" | "POST" | "PUT" | "DELETE";
  access: Access;
  store: boolean;
  resource?: "return" | "webhook" | "inventory-item" | "comment-image" | "api-secret";
  /** Only staff sessions may call it: every API secret, even the store's own, gets a 403. */
  staffOnly?: true;
  /** Statuses a permitted caller gets. */
  ok: number[];
  path(storeId: string, ids: ResourceIds): string;
  params(storeId: string, ids: ResourceIds): Record<string, string>;
  /** A valid body, so a refusal is about the caller and never about the input. */
  body?(ids: ResourceIds): unknown;
};

const webhookBody = {
  webhook: { callback: { url: "https://hooks.example.com/cross-tenant", auth: null }, externalId: null },
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
  {
    name: "GET /stores/{storeId}/locations",
    handler: storeLocations.GET,
    method: "GET",
    access: "read",
    store: true,
    ok: [200],
    path: (s) => `/stores/${s}/locations`,
    params: (s) => ({ storeId: s }),
  },
  {
    name: "POST /stores/{storeId}/webhooks",
    handler: storeWebhooks.POST,
    method: "POST",
    access: "admin",
    store: true,
    ok: [200, 201],
    path: (s) => `/stores/${s}/webhooks`,
    params: (s) => ({ storeId: s }),
    body: () => ({
      webhook: { ...webhookBody.webhook, topic: "return", externalId: "cross-tenant-upsert" },
    }),
  },
  {
    name: "GET /stores/{storeId}/webhooks",
    handler: storeWebhooks.GET,
    method: "GET",
    access: "admin",
    store: true,
    ok: [200],
    path: (s) => `/stores/${s}/webhooks`,
    params: (s) => ({ storeId: s }),
  },
  {
    name: "GET /webhooks/{webhookId}",
    handler: webhookById.GET,
    method: "GET",
    access: "admin",
    store: false,
    resource: "webhook",
    ok: [200],
    path: (_s, ids) => `/webhooks/${ids.webhookId}`,
    params: (_s, ids) => ({ webhookId: ids.webhookId }),
  },
  {
    name: "PUT /webhooks/{webhookId}",
    handler: webhookById.PUT,
    method: "PUT",
    access: "admin",
    store: false,
    resource: "webhook",
    ok: [200],
    path: (_s, ids) => `/webhooks/${ids.webhookId}`,
    params: (_s, ids) => ({ webhookId: ids.webhookId }),
    body: () => webhookBody,
  },
  {
    name: "DELETE /webhooks/{webhookId}",
    handler: webhookById.DELETE,
    method: "DELETE",
    access: "admin",
    store: false,
    resource: "webhook",
    ok: [204],
    path: (_s, ids) => `/webhooks/${ids.webhookId}`,
    params: (_s, ids) => ({ webhookId: ids.webhookId }),
  },
  {
    name: "GET /comment-images/{imageId}",
    handler: commentImage.GET,
    method: "GET",
    access: "read",
    store: false,
    resource: "comment-image",
    ok: [200],
    path: (_s, ids) => `/comment-images/${ids.imageId}`,
    params: (_s, ids) => ({ imageId: ids.imageId }),
  },
  {
    name: "GET /webhooks/{webhookId}/deliveries",
    handler: webhookDeliveries.GET,
    method: "GET",
    access: "admin",
    store: false,
    resource: "webhook",
    ok: [200],
    path: (_s, ids) => `/webhooks/${ids.webhookId}/deliveries`,
    params: (_s, ids) => ({ webhookId: ids.webhookId }),
  },
  {
    name: "POST /webhooks/{webhookId}/deliveries/{deliveryId}/resend",
    handler: resendDelivery.POST,
    method: "POST",
    access: "admin",
    store: false,
    resource: "webhook",
    ok: [202],
    path: (_s, ids) => `/webhooks/${ids.webhookId}/deliveries/${ids.deliveryId}/resend`,
    params: (_s, ids) => ({ webhookId: ids.webhookId, deliveryId: ids.deliveryId }),
  },
  {
    name: "POST /webhooks/{webhookId}/replay",
    handler: replayWebhook.POST,
    method: "POST",
    access: "admin",
    store: false,
    resource: "webhook",
    ok: [202],
    path: (_s, ids) => `/webhooks/${ids.webhookId}/replay`,
    params: (_s, ids) => ({ webhookId: ids.webhookId }),
    body: () => ({ start: new Date(Date.now() - 60 * 60 * 1000).toISOString() }),
  },
  {
    name: "POST /webhooks/{webhookId}/test",
    handler: testWebhook.POST,
    method: "POST",
    access: "admin",
    store: false,
    resource: "webhook",
    ok: [202],
    path: (_s, ids) => `/webhooks/${ids.webhookId}/test`,
    params: (_s, ids) => ({ webhookId: ids.webhookId }),
  },
  {
    name: "POST /webhooks/{webhookId}/rotate-secret",
    handler: rotateSecret.POST,
    method: "POST",
    access: "admin",
    store: false,
    resource: "webhook",
    ok: [200],
    path: (_s, ids) => `/webhooks/${ids.webhookId}/rotate-secret`,
    params: (_s, ids) => ({ webhookId: ids.webhookId }),
  },
  {
    name: "GET /webhooks/{webhookId}/signing-secret",
    handler: signingSecret.GET,
    method: "GET",
    access: "admin",
    store: false,
    resource: "webhook",
    ok: [200],
    path: (_s, ids) => `/webhooks/${ids.webhookId}/signing-secret`,
    params: (_s, ids) => ({ webhookId: ids.webhookId }),
  },
  {
    name: "POST /webhooks/{webhookId}/enable",
    handler: enableWebhook.POST,
    method: "POST",
    access: "admin",
    store: false,
    resource: "webhook",
    ok: [200],
    path: (_s, ids) => `/webhooks/${ids.webhookId}/enable`,
    params: (_s, ids) => ({ webhookId: ids.webhookId }),
  },
  {
    name: "GET /stores/{storeId}/api-secrets",
    handler: storeApiSecrets.GET,
    method: "GET",
    access: "admin",
    staffOnly: true,
    store: true,
    ok: [200],
    path: (s) => `/stores/${s}/api-secrets`,
    params: (s) => ({ storeId: s }),
  },
  {
    name: "POST /stores/{storeId}/api-secrets",
    handler: storeApiSecrets.POST,
    method: "POST",
    access: "admin",
    staffOnly: true,
    store: true,
    ok: [201],
    path: (s) => `/stores/${s}/api-secrets`,
    params: (s) => ({ storeId: s }),
    body: () => ({ api_secret: { name: "cross-tenant probe" } }),
  },
  {
    name: "GET /api-secrets/{apiSecretId}",
    handler: apiSecretById.GET,
    method: "GET",
    access: "admin",
    staffOnly: true,
    store: false,
    resource: "api-secret",
    ok: [200],
    path: (_s, ids) => `/api-secrets/${ids.apiSecretId}`,
    params: (_s, ids) => ({ apiSecretId: ids.apiSecretId }),
  },
  {
    name: "DELETE /api-secrets/{apiSecretId}",
    handler: apiSecretById.DELETE,
    method: "DELETE",
    access: "admin",
    staffOnly: true,
    store: false,
    resource: "api-secret",
    ok: [200],
    path: (_s, ids) => `/api-secrets/${ids.apiSecretId}`,
    params: (_s, ids) => ({ apiSecretId: ids.apiSecretId }),
  },
];
