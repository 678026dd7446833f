import { z } from "zod";
import { moneySchema } from "./common";

/**
 * The order returned beside a return (interface-v2.2 "Order", decisions §5). Always present: id, name,
 * customer.name, items, discounts, lineItemsTotal, shippingCost, taxes, total, protection; each item has
 * id, product.name, variant.name, quantity, price and fulfillmentLocationId (a string or null). Every other
 * field is omitted when unknown, never sent as null.
 */

export const weightSchema = z
  .object({ kg: z.number().nonnegative() })
  .meta({ id: "Weight", description: "Weight in kilograms." });

export const orderItemSchema = z
  .object({
    id: z.string(),
    externalId: z.string().optional(),
    product: z.object({ name: z.string(), externalId: z.string().optional() }),
    variant: z.object({
      name: z.string(),
      externalId: z.string().optional(),
      sku: z.string().optional(),
      weight: weightSchema.optional(),
    }),
    quantity: z.int().positive(),
    price: moneySchema,
    fulfillmentLocationId: z
      .string()
      .nullable()
      .meta({ description: "The location that fulfilled the line, or null when unknown." }),
  })
  .meta({ id: "OrderItem" });
export type OrderItem = z.infer<typeof orderItemSchema>;

export const orderCustomerSchema = z
  .object({
    name: z.object({ given: z.string(), surname: z.string() }),
    emailAddress: z.string().optional(),
    phoneNumber: z.string().optional(),
  })
  .meta({ id: "OrderCustomer" });

/** The coverage the customer bought on the order (the published `protection`). */
export const orderProtectionShape = {
  covered: z.boolean().meta({ description: "Returns coverage or package protection (either)." }),
  returnsCoverage: z.boolean(),
  packageProtection: z.boolean(),
  finalSaleCoverage: z.boolean(),
};
export const orderProtectionSchema = z.object(orderProtectionShape).meta({ id: "OrderProtection" });
export type OrderProtection = z.infer<typeof orderProtectionSchema>;

export const orderSchema = z
  .object({
    id: z.string(),
    name: z.string().meta({ description: 'Display name such as "#1042".' }),
    externalId: z.string().optional(),
    customer: orderCustomerSchema,
    items: z.array(orderItemSchema),
    discounts: moneySchema,
    lineItemsTotal: moneySchema,
    shippingCost: moneySchema,
    taxes: moneySchema,
    total: moneySchema,
    protection: orderProtectionSchema,
  })
  .meta({ id: "Order", description: "The order a return was made against." });
export type Order = z.infer<typeof orderSchema>;
