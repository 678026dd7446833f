import { customAlphabet, customRandom } from "nanoid";

/**
 * Prefixed, random, URL-safe identifiers (decisions §1): a type prefix, an underscore, then 22 base62
 * characters (about 131 bits of randomness), e.g. `ret_3ZbQ9mX2kT7vLp0aYc1RfD`.
 */
export const ID_PREFIXES = {
  store: "str",
  location: "loc",
  product: "prd",
  variant: "var",
  inboundShipment: "inb",
  shipmentItem: "isp",
  receipt: "rcp",
  receiptLine: "rcl",
  inventoryItem: "ii",
  inventoryLevel: "li",
  inventoryMovement: "mov",
  return: "ret",
  returnItem: "rti",
  returnShipment: "rsh",
  exchangeItem: "rxi",
  assessment: "ras",
  order: "ord",
  orderLineItem: "oli",
  fulfillment: "ful",
  comment: "cmt",
  returnActivity: "rac",
  commentImage: "img",
  webhook: "whk",
  event: "evt",
  delivery: "dlv",
  deliveryAttempt: "att",
  apiKey: "key",
  staffUser: "usr",
  savedView: "svw",
  customer: "cus",
} as const;

export type IdKind = keyof typeof ID_PREFIXES;

const ALPHABET = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
const ID_BODY_LENGTH = 22;
const randomBody = customAlphabet(ALPHABET, ID_BODY_LENGTH);

export function newId(kind: IdKind): string {
  return `${ID_PREFIXES[kind]}_${randomBody()}`;
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
