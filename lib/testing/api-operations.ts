/// <reference types="vite/client" />

import type { RouteHandler } from "../api/route";
import { contracts, type OperationId } from "../contracts";
import { isStaffOnly } from "../contracts/contract";
import type { Access, CycleCountStatus, ReturnStatus, SupplierClaimStatus } from "../enums";
import { ADDRESSED_KINDS, ID_PREFIXES, type ResourceParam } from "../ids";
import { unknownId } from "./api-helpers";
import { type ResourceIds, VALID_BODIES } from "./api-operation-inputs";
import {
  CYCLE_COUNT_STATUS_NEEDED,
  RETURN_STATUS_NEEDED,
  SUPPLIER_CLAIM_STATUS_NEEDED,
  VALID_QUERIES,
} from "./api-operation-states";

export type { ResourceIds };

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
  /** The problem area of its 404s (lib/ids.ts), for a path that names a resource after the store. */
  resource?: string;
  /** The path parameter naming that resource, its key in `ResourceIds`. */
  idParam?: ResourceParam;
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
  /** A count operation succeeds only from one status: an allowed call gets a new count in it. */
  cycleCountStatus?: CycleCountStatus;
  /** A claim move succeeds only from one status: an allowed call gets a new claim in it. */
  supplierClaimStatus?: SupplierClaimStatus;
};

/** The resource kind each path parameter names (lib/ids.ts). */
const KIND_OF_PARAM = new Map<string, (typeof ADDRESSED_KINDS)[number]>(
  ADDRESSED_KINDS.map((kind) => [kind.param, kind]),
);

/** Path parameters that name no resource kind: the store, a tag's name, the service's invoices. */
const OTHER_PARAMS = ["storeId", "tagName", "name", "invoiceId"];

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
  for (const name of pathParams(path)) {
    if (name === "storeId") values[name] = storeId;
    else if (name === "invoiceId") values[name] = NO_INVOICE;
    // The catalogue's tag `name` is a tag name like the return's `tagName`.
    else if (name === "name" || name === "tagName") values[name] = ids.tagName;
    else values[name] = ids[name as ResourceParam];
  }
  return values;
}

function pathParams(path: string): string[] {
  return [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1] as string);
}

/**
 * The parameters of a path that name no kind of the resource table and are not one of the few others: a
 * new kind of path id must join lib/ids.ts, or the suite could not address (nor refuse) it.
 */
export function unknownPathParams(path: string): string[] {
  return pathParams(path).filter((name) => !KIND_OF_PARAM.has(name) && !OTHER_PARAMS.includes(name));
}

/** Ids of every kind that match nothing: well-formed, with the kind's prefix. */
export function unknownIds(): ResourceIds {
  const ids = Object.fromEntries(ADDRESSED_KINDS.map((kind) => [kind.param, unknownId(kind.prefix)]));
  return {
    ...(ids as Record<ResourceParam, string>),
    itemId: unknownId(ID_PREFIXES.returnItem),
    shipmentItemId: unknownId(ID_PREFIXES.shipmentItem),
    binLocationId: unknownId(ID_PREFIXES.location),
    sku: "NO-SUCH-SKU",
    tagName: "no-such-tag",
  };
}

/** The whole registry, derived from the contracts: the cross-tenant suite runs every entry. */
export const apiOperations: ApiOperation[] = contracts.map((contract) => {
  const method = contract.method.toUpperCase() as ApiOperation["method"];
  const handler = ROUTE_MODULES[routeFileOf(contract.path)]?.[method];
  if (!handler) throw new Error(`${method} ${contract.path}: no handler in ${routeFileOf(contract.path)}`);
  const unknownParams = unknownPathParams(contract.path);
  if (unknownParams.length > 0) {
    throw new Error(
      `${contract.path}: {${unknownParams.join("}, {")}} names no kind of lib/ids.ts's ID_KINDS`,
    );
  }
  // The first id after the store: for a foreign id, the lookup that refuses it.
  const kind = pathParams(contract.path)
    .map((name) => KIND_OF_PARAM.get(name))
    .find((found) => found !== undefined);
  const operationId = contract.operationId as OperationId;
  const body = (VALID_BODIES as Partial<Record<OperationId, (ids: ResourceIds) => unknown>>)[operationId];
  const returnStatus = RETURN_STATUS_NEEDED[operationId];
  const cycleCountStatus = CYCLE_COUNT_STATUS_NEEDED[operationId];
  const supplierClaimStatus = SUPPLIER_CLAIM_STATUS_NEEDED[operationId];
  return {
    name: `${method} ${contract.path}`,
    handler,
    method,
    access: contract.access,
    store: contract.path.includes("{storeId}"),
    ...(kind ? { resource: kind.resource, idParam: kind.param } : {}),
    ...(isStaffOnly(contract) ? { staffOnly: true as const } : {}),
    ok: contract.notOffered
      ? [501]
      : Object.keys(contract.responses)
          .map(Number)
          .filter((status) => status >= 200 && status < 300),
    path: (storeId, ids) =>
      fill(contract.path, paramValues(contract.path, storeId, ids)) + (VALID_QUERIES[operationId] ?? ""),
    params: (storeId, ids) => paramValues(contract.path, storeId, ids),
    ...(body ? { body } : {}),
    ...(contract.csvBody ? { csv: true as const } : {}),
    ...(returnStatus ? { returnStatus } : {}),
    ...(cycleCountStatus ? { cycleCountStatus } : {}),
    ...(supplierClaimStatus ? { supplierClaimStatus } : {}),
  };
});

/** The route modules, for the test that holds route files to their contracts. */
export function routeModules(): Record<string, Record<string, unknown>> {
  return ROUTE_MODULES as Record<string, Record<string, unknown>>;
}
