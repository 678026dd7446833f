/**
 * Shared pieces of the published schemas (redoapp/redo-dev, redo/api-schema/src/schema/*.schema.yaml),
 * rewritten as plain JSON Schema (2020-12). Only what those files REQUIRE and CONSTRAIN is encoded:
 * their titles, descriptions and examples are left out. None of them forbids additional properties.
 */
export type JsonSchema = Record<string, unknown>;

export const dateTime: JsonSchema = { type: "string", format: "date-time" };

/** schema/address.schema.yaml: every part a string; `line2` optional (default ""). */
export const address: JsonSchema = {
  type: "object",
  properties: {
    line1: { type: "string" },
    line2: { type: "string" },
    city: { type: "string" },
    state: { type: "string" },
    postalCode: { type: "string" },
    country: { type: "string" },
  },
  required: ["city", "country", "line1", "state", "postalCode"],
};

/** schema/person-name.schema.yaml */
export const personName: JsonSchema = {
  type: "object",
  properties: { given: { type: "string" }, surname: { type: "string" } },
  required: ["given", "surname"],
};

/** schema/phone-number.schema.yaml */
export const phoneNumber: JsonSchema = { type: "string" };

/**
 * schema/money.schema.yaml: `amount` is a JSON number there. Deliberate difference (docs/api.md,
 * "Compatibility with the published schemas"): we carry exact decimal strings, as the interface's samples
 * do, so a decimal string is accepted here too. Nothing else is loosened.
 */
export const money: JsonSchema = {
  type: "object",
  properties: {
    amount: { anyOf: [{ type: "number" }, { type: "string", pattern: "^-?\\d+(\\.\\d+)?$" }] },
    currency: { type: "string" },
  },
};

/** schema/item-quantity.schema.yaml */
export const itemQuantity: JsonSchema = { type: "number", exclusiveMinimum: 0 };

/** schema/product.schema.yaml */
export const product: JsonSchema = {
  type: "object",
  properties: { externalId: { type: "string" }, name: { type: "string" } },
  required: ["name"],
};

/** schema/product-variant.schema.yaml (with schema/weight.schema.yaml inlined) */
export const productVariant: JsonSchema = {
  type: "object",
  properties: {
    externalId: { type: "string" },
    name: { type: "string" },
    sku: { type: "string" },
    weight: { type: "object", properties: { kg: { type: "number", minimum: 0 } } },
  },
  required: ["name"],
};

/** schema/exchange-provision.schema.yaml */
export const exchangeProvision: JsonSchema = { type: "string", enum: ["instant", "deferred"] };
