import { customAlphabet, customRandom } from "nanoid";

/**
 * Prefixed, random, URL-safe identifiers (decisions §1): a type prefix, an underscore, then 22 base62
 * characters (about 131 bits of randomness), e.g. `ret_3ZbQ9mX2kT7vLp0aYc1RfD`.
 */

type IdKindEntry = {
  prefix: string;
  /** The path parameter that names it in the API (`/returns/{returnId}`), when a path does. */
  param?: string;
  /** The problem area of its 404 (`com.service.api:<resource>/not-found`), when a path names it. */
  resource?: string;
  /**
   * The API wrapper finds its store before the body is read (a contract's `storeOf`): its resolver lives
   * in lib/api/store-resolvers.ts, which fails to compile without it.
   */
  storeResolver?: true;
};

/**
 * The one table of resource kinds, by id kind. From it come the id prefixes (`newId`, `isId`), the
 * database's id-prefix CHECK constraints (`idPrefixCheck`, lib/db/schema), the store resolvers a contract
 * may name (lib/api/store-resolvers.ts) and the test registry's ids (lib/testing/api-operations.ts: which
 * resource a path addresses, and an unknown id of each kind).
 */
export const ID_KINDS = {
  store: { prefix: "str" },
  location: { prefix: "loc", param: "locationId", resource: "location", storeResolver: true },
  product: { prefix: "prd", param: "productId", resource: "product" },
  variant: { prefix: "var" },
  inboundShipment: {
    prefix: "inb",
    param: "inboundShipmentId",
    resource: "inbound-shipment",
    storeResolver: true,
  },
  shipmentItem: { prefix: "isp" },
  receipt: { prefix: "rcp" },
  receiptLine: { prefix: "rcl" },
  inventoryItem: {
    prefix: "ii",
    param: "inventoryItemId",
    resource: "inventory-item",
    storeResolver: true,
  },
  inventoryLevel: { prefix: "li", param: "inventoryLevelId", resource: "inventory-level" },
  inventoryMovement: { prefix: "mov" },
  return: { prefix: "ret", param: "returnId", resource: "return", storeResolver: true },
  returnItem: { prefix: "rti" },
  // A path names a return's parcel by its carrier's tracking number, not by its id.
  returnShipment: {
    prefix: "rsh",
    param: "trackingNumber",
    resource: "return-shipment",
    storeResolver: true,
  },
  exchangeItem: { prefix: "rxi" },
  assessment: { prefix: "ras" },
  order: { prefix: "ord", param: "orderId", resource: "order", storeResolver: true },
  orderLineItem: { prefix: "oli" },
  fulfillment: { prefix: "ful", param: "fulfillmentId", resource: "fulfillment", storeResolver: true },
  comment: { prefix: "cmt" },
  returnActivity: { prefix: "rac" },
  commentImage: { prefix: "img", param: "imageId", resource: "comment-image" },
  webhook: { prefix: "whk", param: "webhookId", resource: "webhook", storeResolver: true },
  event: { prefix: "evt" },
  delivery: { prefix: "dlv", param: "deliveryId", resource: "delivery" },
  deliveryAttempt: { prefix: "att" },
  apiKey: { prefix: "key", param: "apiSecretId", resource: "api-secret", storeResolver: true },
  staffUser: { prefix: "usr", param: "staffMemberId", resource: "staff-member", storeResolver: true },
  savedView: { prefix: "svw", param: "viewId", resource: "saved-view", storeResolver: true },
  alertRule: { prefix: "alr", param: "alertId", resource: "alert", storeResolver: true },
  customer: { prefix: "cus" },
  labelPrint: { prefix: "lbp" },
  bin: { prefix: "bin", param: "binId", resource: "bin", storeResolver: true },
  transfer: { prefix: "trf", param: "transferId", resource: "transfer", storeResolver: true },
  transferLine: { prefix: "trl" },
  cycleCount: { prefix: "cnt", param: "cycleCountId", resource: "cycle-count", storeResolver: true },
  cycleCountLine: { prefix: "cnl" },
  supplier: { prefix: "sup", param: "supplierId", resource: "supplier", storeResolver: true },
  supplierClaim: {
    prefix: "scl",
    param: "supplierClaimId",
    resource: "supplier-claim",
    storeResolver: true,
  },
  supplierClaimLine: { prefix: "scn", param: "supplierClaimLineId", resource: "supplier-claim-line" },
  supplierClaimEvent: { prefix: "sce" },
  inspectionChecklist: { prefix: "chk" },
  notification: { prefix: "ntf" },
  reportSchedule: { prefix: "rsc" },
} as const satisfies Record<string, IdKindEntry>;

type IdKinds = typeof ID_KINDS;
export type IdKind = keyof IdKinds;
/** The kinds a path names. */
export type AddressedKind = { [K in IdKind]: IdKinds[K] extends { param: string } ? K : never }[IdKind];
/** The path parameters that name a resource kind (`returnId`, `viewId`, …). */
export type ResourceParam = IdKinds[AddressedKind]["param"];
/** The kinds whose store the API wrapper finds before the body is read. */
export type StoreResolvedKind = {
  [K in IdKind]: IdKinds[K] extends { storeResolver: true } ? K : never;
}[IdKind];

const kinds = Object.keys(ID_KINDS) as IdKind[];

export const ID_PREFIXES = Object.fromEntries(kinds.map((kind) => [kind, ID_KINDS[kind].prefix])) as {
  [K in IdKind]: IdKinds[K]["prefix"];
};

/** The kinds a path names, each with its path parameter and 404 area. */
export const ADDRESSED_KINDS = kinds.flatMap((kind) => {
  const entry: IdKindEntry = ID_KINDS[kind];
  return entry.param && entry.resource
    ? [{ kind, prefix: entry.prefix, param: entry.param as ResourceParam, resource: entry.resource }]
    : [];
});

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const ID_BODY_LENGTH = 22;
const randomBody = customAlphabet(ALPHABET, ID_BODY_LENGTH);

export function newId(kind: IdKind): string {
  return `${ID_PREFIXES[kind]}_${randomBody()}`;
}

/**
 * The `po_` id of a shipment's purchase order (the published `purchase_orders[].id`): a reference kept on the
 * shipment, not a kind with a table of its own (docs/suppliers.md).
 */
export function newPurchaseOrderId(): string {
  return `po_${randomBody()}`;
}

/** An id generator driven by a caller's byte source (the demo generator's seeded PRNG). */
export function idFactory(randomBytes: (size: number) => Uint8Array): (kind: IdKind) => string {
  const body = customRandom(ALPHABET, ID_BODY_LENGTH, randomBytes);
  return (kind) => `${ID_PREFIXES[kind]}_${body()}`;
}

const ID_PATTERN = /^[a-z]{2,3}_[0-9A-Za-z]{22}$/;

/** True when `value` is a well-formed id of this kind; a malformed path id is answered like an unknown one. */
export function isId(kind: IdKind, value: string): boolean {
  return ID_PATTERN.test(value) && value.startsWith(`${ID_PREFIXES[kind]}_`);
}
