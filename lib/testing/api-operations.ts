/// <reference types="vite/client" />

import type { RouteHandler } from "../api/route";
import { contracts } from "../contracts";
import { isStaffOnly } from "../contracts/contract";
import type { Access, ReturnStatus } from "../enums";
import { RETURN_STATUS_NEEDED, type ResourceIds, VALID_BODIES, VALID_QUERIES } from "./api-operation-inputs";

export type { ResourceIds };

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

/** Invoices are the service's billing, which Backroom answers with 501 whatever the id. */
const NO_INVOICE = "inv_0000000000000000000000";

function paramValues(path: string, storeId: string, ids: ResourceIds): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [, name] of path.matchAll(/\{(\w+)\}/g)) {
    // `viewId` and the catalogue's tag `name` are the path parameters not named like their ResourceIds key.
    const key = name === "viewId" ? "savedViewId" : name === "name" ? "tagName" : (name as keyof ResourceIds);
    if (name === "invoiceId") values[name] = NO_INVOICE;
    else values[name as string] = name === "storeId" ? storeId : ids[key];
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
    ok: contract.notOffered
      ? [501]
      : Object.keys(contract.responses)
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
