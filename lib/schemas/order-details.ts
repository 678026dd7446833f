import { z } from "zod";

/** Parts of an order kept as JSON: read back by Get order or kept as the platform sent them. */

const nullableText = z.string().nullable();

/** The real service's orders-api billing and shipping address (every field nullable). */
export const orderAddressSchema = z
  .object({
    address1: nullableText.optional(),
    address2: nullableText.optional(),
    city: nullableText.optional(),
    province: nullableText.optional(),
    country: nullableText.optional(),
    postalCode: nullableText.optional(),
  })
  .meta({ id: "OrdersApiAddress" });
export type OrderBillingAddress = z.infer<typeof orderAddressSchema>;

/** Where a tracking event happened (orders-api-tracking-location). */
export const trackingLocationSchema = z
  .object({
    city: nullableText.optional(),
    state: nullableText.optional(),
    country: nullableText.optional(),
    postalCode: nullableText.optional(),
  })
  .meta({ id: "OrdersApiTrackingLocation" });
export type TrackingLocation = z.infer<typeof trackingLocationSchema>;

/**
 * What Custom Order Sync sends of an order that has no column: kept as sent so nothing the platform said
 * is lost (billing address as sent, sales channel, cancellation, refunds, transactions, metafields...).
 */
export type OrderPlatformDetails = Record<string, unknown>;

/** Likewise for a line (vendor, properties, tags, metafields, images, tax lines, weight unit...). */
export type OrderLinePlatformDetails = Record<string, unknown>;
