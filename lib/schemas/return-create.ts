import { z } from "zod";
import { RETURN_TYPES } from "../enums";
import { addressSchema, returnSchema } from "./returns";

/**
 * Create return (`POST /stores/{storeId}/returns`): the real service's create-return-request.schema.yaml
 * (`{ data: { provider, externalOrderId, items, shippingAddress, label?, notes? } }`), plus three Backroom
 * extensions an experienced merchant expects when creating a return by hand: `type`, the starting `status`
 * (`open`, or `pre_shipment` to authorize later) and `locationId` (where it is sent). docs/returns.md.
 */

export const RETURN_CREATE_ITEMS_MAX = 100;
export const CREATED_RETURN_STATUSES = ["open", "pre_shipment"] as const;
export const CREATE_RETURN_COMPENSATIONS = ["refund", "store_credit"] as const;

const text = (max: number) => z.string().trim().min(1).max(max);
const optionalText = (max: number) => z.string().trim().max(max).optional();

export const createReturnItemSchema = z.object({
  lineItemId: text(255).meta({
    description: "The order line: its merchant id (as synced), or Backroom's `oli_…` id.",
  }),
  quantity: z.int().min(1).max(100_000),
  reason: text(255).meta({ description: "Customer-facing return reason." }),
  reasonCode: optionalText(64).meta({ description: "Machine-readable reason code." }),
  compensation: z.enum(CREATE_RETURN_COMPENSATIONS),
  notes: optionalText(2000).meta({ description: "The customer's comment on this item." }),
});

export const createReturnRequestSchema = z
  .object({
    data: z.object({
      provider: text(64).meta({
        description: "Commerce platform of the order (shopify, custom...); not kept.",
      }),
      externalOrderId: text(255).meta({
        description: "The order: its merchant id (as synced), Backroom's `ord_…` id, or its name (`#1001`).",
      }),
      items: z.array(createReturnItemSchema).min(1).max(RETURN_CREATE_ITEMS_MAX),
      // The Address shape without its component id: the component is documented as answered (no other
      // keys), while this body, like the published one, ignores keys it does not define.
      shippingAddress: z
        .object(addressSchema.shape)
        .meta({ description: "Address the customer ships from." }),
      label: z
        .object({
          trackingNumber: text(255),
          carrier: optionalText(100),
          trackingUrl: z.url().max(2048).optional(),
          postageLabelUrl: z.url().max(2048).optional(),
          formLabelUrl: z.url().max(2048).optional(),
          originalShipmentId: optionalText(255),
        })
        .optional()
        .meta({ description: "A label already bought: becomes the return's shipment." }),
      notes: optionalText(5000).meta({
        description: "Internal notes: kept as the return's first comment, by the caller.",
      }),
      type: z
        .enum(RETURN_TYPES)
        .default("return")
        .meta({ description: "Backroom extension. Default `return`." }),
      status: z.enum(CREATED_RETURN_STATUSES).default("open").meta({
        description:
          "Backroom extension: `open` (default), or `pre_shipment` for a return staff authorize later.",
      }),
      locationId: z
        .string()
        .optional()
        .meta({
          description:
            "Backroom extension: the location the return is sent to (its return address is the destination). " +
            "Default: the store's first active location, by name, that has a return address.",
        }),
    }),
  })
  .meta({ id: "CreateReturnRequest" });
export type CreateReturnRequest = z.infer<typeof createReturnRequestSchema>;

export const createReturnResponseSchema = z
  .object({
    return: returnSchema,
    externalRMAResponses: z.array(z.unknown()).meta({
      description: "Always empty: Backroom calls no external RMA integration.",
    }),
  })
  .meta({ id: "CreateReturnResponse" });
