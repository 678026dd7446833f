import * as apiSecrets from "./api-secrets";
import type { Contract } from "./contract";
import * as customers from "./customers";
import * as inboundReceipts from "./inbound-receipts";
import * as inventory from "./inventory";
import * as inventoryLevels from "./inventory-levels";
import * as notOffered from "./not-offered";
import * as orders from "./orders";
import * as overview from "./overview";
import * as products from "./products";
import * as returnLifecycle from "./return-lifecycle";
import * as returnList from "./return-list";
import * as returnTags from "./return-tags";
import * as returnTimeline from "./return-timeline";
import * as returns from "./returns";
import * as savedViews from "./saved-views";
import * as search from "./search";
import * as staffMembers from "./staff-members";
import * as storeSettings from "./store-settings";
import * as webhooks from "./webhooks";

export type { Contract } from "./contract";
export {
  apiSecrets,
  customers,
  inboundReceipts,
  inventory,
  inventoryLevels,
  notOffered,
  orders,
  overview,
  products,
  returnLifecycle,
  returnList,
  returns,
  returnTags,
  returnTimeline,
  savedViews,
  search,
  staffMembers,
  storeSettings,
  webhooks,
};

const METHOD_ORDER = ["get", "post", "put", "patch", "delete"];

/** A module's contracts by path, then method: the same order whichever loader built the namespace. */
function contractsOf(module: Record<string, unknown>): Contract[] {
  return Object.values(module)
    .filter(
      (value): value is Contract =>
        typeof value === "object" && value !== null && "operationId" in value && "path" in value,
    )
    .sort(
      (a, b) =>
        a.path.localeCompare(b.path) || METHOD_ORDER.indexOf(a.method) - METHOD_ORDER.indexOf(b.method),
    );
}

/**
 * Every operation of the API, one contract each, grouped by resource in the files beside this one: a
 * contract exported there is an operation (adding one is one declaration in one file). The OpenAPI
 * document lists them by resource in this order, the interface's first.
 */
export const contracts: readonly Contract[] = [
  ...contractsOf(inventory),
  ...contractsOf(inboundReceipts),
  ...contractsOf(inventoryLevels),
  ...contractsOf(products),
  ...contractsOf(orders),
  ...contractsOf(returns),
  ...contractsOf(returnLifecycle),
  ...contractsOf(returnList),
  ...contractsOf(returnTags),
  ...contractsOf(returnTimeline),
  ...contractsOf(savedViews),
  ...contractsOf(search),
  ...contractsOf(webhooks),
  ...contractsOf(apiSecrets),
  ...contractsOf(staffMembers),
  ...contractsOf(storeSettings),
  ...contractsOf(overview),
  ...contractsOf(customers),
  ...contractsOf(notOffered),
];

type ContractsIn<M> = { [K in keyof M as M[K] extends Contract ? K : never]: M[K] };

/** Every contract by operationId, as types: what the web app's `callApi` is typed from (type-only import). */
export type ContractMap = ContractsIn<typeof inventory> &
  ContractsIn<typeof inboundReceipts> &
  ContractsIn<typeof inventoryLevels> &
  ContractsIn<typeof products> &
  ContractsIn<typeof orders> &
  ContractsIn<typeof returns> &
  ContractsIn<typeof returnLifecycle> &
  ContractsIn<typeof returnList> &
  ContractsIn<typeof returnTags> &
  ContractsIn<typeof returnTimeline> &
  ContractsIn<typeof savedViews> &
  ContractsIn<typeof search> &
  ContractsIn<typeof webhooks> &
  ContractsIn<typeof apiSecrets> &
  ContractsIn<typeof staffMembers> &
  ContractsIn<typeof storeSettings> &
  ContractsIn<typeof overview> &
  ContractsIn<typeof customers> &
  ContractsIn<typeof notOffered>;
export type OperationId = keyof ContractMap;
