import { itemQuantity, type JsonSchema, personName, phoneNumber, product, productVariant } from "./common";

/** Mirrors redoapp/redo-dev redo/api-schema/src/schema/order-read.schema.yaml */
export const orderRead: JsonSchema = {
  type: "object",
  properties: {
    id: { type: "string" },
    externalId: { type: "string" },
    name: { type: "string" },
    customer: {
      type: "object",
      properties: {
        emailAddress: { type: "string", format: "email" },
        name: personName,
        phoneNumber,
      },
      required: ["name"],
    },
    items: {
      type: "array",
      items: {
        properties: {
          externalId: { type: "string" },
          id: { type: "string" },
          product,
          quantity: itemQuantity,
          variant: productVariant,
        },
        required: ["id", "product", "quantity", "variant"],
      },
    },
  },
  required: ["customer", "id", "items", "name"],
};
