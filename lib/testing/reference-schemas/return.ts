import {
  address,
  dateTime,
  exchangeProvision,
  itemQuantity,
  type JsonSchema,
  money,
  personName,
  phoneNumber,
  product,
  productVariant,
} from "./common";

/** Mirrors redoapp/redo-dev redo/api-schema/src/schema/return-status.schema.yaml (it also lists `flagged`). */
export const returnStatus: JsonSchema = {
  type: "string",
  enum: ["manual_review", "open", "transit", "delivered", "flagged", "cancelled", "closed"],
};

/**
 * Mirrors redoapp/redo-dev redo/api-schema/src/schema/return-read.schema.yaml.
 * Three `required` lists there name properties the object does not define (items: `item`, orderItem:
 * `index`, exchangeItem: `string`), so no implementation could satisfy them; they are left out and
 * recorded in docs/api.md. Everything else that file requires or constrains is here.
 */
export const returnRead: JsonSchema = {
  type: "object",
  properties: {
    id: { type: "string" },
    createdAt: dateTime,
    updatedAt: dateTime,
    status: returnStatus,
    destination: {
      type: "object",
      properties: { mailingAddress: address, phoneNumber },
    },
    exchange: {
      type: "object",
      properties: {
        items: {
          type: "array",
          items: {
            properties: {
              id: { type: "string" },
              product,
              quantity: itemQuantity,
              variant: productVariant,
            },
            required: ["id", "quantity", "product", "variant"],
          },
        },
        order: { type: "object", properties: { externalId: { type: "string" }, id: { type: "string" } } },
        provision: exchangeProvision,
      },
      required: ["items", "provision"],
    },
    giftCards: {
      type: "array",
      items: {
        type: "object",
        properties: { amount: money, code: { type: "string" }, externalId: { type: "string" } },
        required: ["amount", "code", "externalId"],
      },
    },
    items: {
      type: "array",
      items: {
        type: "object",
        properties: {
          id: { type: "string" },
          exchangeItem: { type: "object", properties: { id: { type: "string" } } },
          orderItem: { type: "object", properties: { id: { type: "string" } } },
          quantity: itemQuantity,
          reason: { type: "string" },
          refund: {
            type: "object",
            properties: {
              amount: money,
              pendingAmount: money,
              pendingTaxAmount: money,
              taxAmount: money,
              type: { type: "string", enum: ["credit", "refund"] },
            },
            required: ["amount", "pendingAmount", "pendingTaxAmount", "taxAmount", "type"],
          },
        },
        required: ["quantity", "reason"],
      },
    },
    order: { type: "object", properties: { id: { type: "string" } }, required: ["id"] },
    shipment: {
      type: "object",
      properties: {
        carrier: { type: "string" },
        status: { type: "string", enum: ["pre_transit", "transit", "delivered", "cancelled", "flagged"] },
        tracker: { type: "string" },
      },
    },
    source: {
      type: "object",
      properties: {
        emailAddress: { type: "string", format: "email" },
        mailingAddress: address,
        name: personName,
        phoneNumber,
      },
      required: ["emailAddress", "mailingAddress", "name", "phoneNumber"],
    },
  },
  required: [
    "createdAt",
    "destination",
    "giftCards",
    "source",
    "id",
    "order",
    "items",
    "status",
    "updatedAt",
  ],
};
