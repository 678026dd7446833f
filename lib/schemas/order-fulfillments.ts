import { z } from "zod";
import { FULFILLMENT_STATUSES, TRACKING_UPDATE_STATUSES } from "../enums";
import { timestampSchema } from "./common";
import { trackingLocationSchema } from "./order-details";

/**
 * An order's fulfillments in the real service's shapes (orders-api-fulfillment, -create-fulfillment-request,
 * -update-fulfillment-status-request, -fulfillment-response): Fulfillment create and Fulfillment status
 * update, and Get order's `fulfillments`.
 */

const dateTime = z.iso.datetime({ offset: true });
const optionalText = z.string().trim().max(1000).nullish();

const apiTrackingEventSchema = z
  .object({
    message: z.string(),
    status: z.string().meta({ description: "A shipment status, or an event such as `delayed`." }),
    datetime: timestampSchema,
    location: trackingLocationSchema.optional(),
  })
  .meta({ id: "OrdersApiTrackingEvent" });

export const apiFulfillmentSchema = z
  .object({
    id: z.string().meta({
      description: "The merchant's fulfillment id when one was given, else Backroom's (`ful_…`).",
    }),
    createdAt: timestampSchema,
    lineItems: z.array(
      z.object({
        id: z.string().meta({ description: "The order line's merchant id, or Backroom's (`oli_…`)." }),
        quantity: z.int().min(1),
        title: z.string(),
        productId: z.string(),
        variantId: z.string().nullable(),
        sku: z.string().nullable(),
      }),
    ),
    trackingCompany: z.string().nullable(),
    trackingNumber: z.string().nullable(),
    status: z.enum(FULFILLMENT_STATUSES),
    estimatedDeliveryDate: z
      .string()
      .regex(/^\d{4}-\d{2}-\d{2}$/)
      .nullable(),
    deliveredAt: timestampSchema.nullable(),
    trackingHistory: z.array(apiTrackingEventSchema).meta({ description: "Oldest first." }),
  })
  .meta({ id: "OrdersApiFulfillment" });
export type ApiFulfillment = z.infer<typeof apiFulfillmentSchema>;

const FULFILLMENT_LINES_MAX = 250;

export const createFulfillmentRequestSchema = z
  .object({
    fulfillmentId: z.string().trim().min(1).max(255).optional().meta({
      description:
        "Your id for the fulfillment, unique in the order (409 when taken); generated when omitted.",
    }),
    lineItems: z
      .array(
        z.object({
          id: z.string().trim().min(1).max(255).meta({
            description: "The order line: its merchant id or Backroom's (`oli_…`).",
          }),
          quantity: z.int().min(1).max(1000),
        }),
      )
      .min(1)
      .max(FULFILLMENT_LINES_MAX),
    tracking: z.object({ carrier: z.string().trim().max(255), code: z.string().trim().max(255) }).nullish(),
    useDummyTracking: z.boolean().optional().meta({
      description:
        "Accepted; Backroom calls no tracking service either way, so every tracker is like a dummy one.",
    }),
    initialTracking: z
      .object({
        status: z.enum(FULFILLMENT_STATUSES),
        estimatedDeliveryDate: dateTime.nullish(),
        message: optionalText,
        datetime: dateTime.nullish(),
        location: trackingLocationSchema.optional(),
      })
      .optional()
      .meta({ description: "The first status and history entry; the status defaults to `pre_transit`." }),
  })
  .meta({ id: "OrdersApiCreateFulfillmentRequest" });
export type CreateFulfillmentRequest = z.infer<typeof createFulfillmentRequestSchema>;

export const updateFulfillmentStatusRequestSchema = z
  .object({
    status: z.enum(TRACKING_UPDATE_STATUSES).meta({
      description:
        "A status (moves the fulfillment's `status`) or an event (`stalled_in_transit`, `delayed`, " +
        "`arriving_early`: only added to the history).",
    }),
    estimatedDeliveryDate: dateTime.nullish(),
    message: optionalText,
    datetime: dateTime.nullish(),
    location: trackingLocationSchema.optional(),
  })
  .meta({ id: "OrdersApiUpdateFulfillmentStatusRequest" });
export type UpdateFulfillmentStatusRequest = z.infer<typeof updateFulfillmentStatusRequestSchema>;

export const fulfillmentResponseSchema = z
  .object({ success: z.literal(true), fulfillment: apiFulfillmentSchema })
  .meta({ id: "OrdersApiFulfillmentResponse" });
