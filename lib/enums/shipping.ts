/** Parcels: a return's shipment, an order's fulfillment, and the carrier updates they take. */

export const RETURN_SHIPMENT_STATUSES = [
  "unknown",
  "pre_transit",
  "in_transit",
  "out_for_delivery",
  "available_for_pickup",
  "cancelled",
  "delivered",
  "error",
  "failure",
  "return_to_sender",
  "expired",
] as const;
export type ReturnShipmentStatus = (typeof RETURN_SHIPMENT_STATUSES)[number];

/**
 * The statuses a carrier gives a shipment (the real service's fulfillment shipment-status values,
 * redoapp/redo-dev orders-api-update-fulfillment-status-request), in the order it publishes them.
 */
const CARRIER_SHIPMENT_STATUSES = [
  "pre_transit",
  "in_transit",
  "out_for_delivery",
  "available_for_pickup",
  "delivered",
  "return_to_sender",
  "failure",
  "cancelled",
  "error",
] as const;
const [PRE_TRANSIT, ...AFTER_PRE_TRANSIT] = CARRIER_SHIPMENT_STATUSES;

/** An order fulfillment's shipment status (the real service's orders-api-fulfillment `status`). */
export const FULFILLMENT_STATUSES = [PRE_TRANSIT, "unknown", ...AFTER_PRE_TRANSIT] as const;
export type FulfillmentStatus = (typeof FULFILLMENT_STATUSES)[number];

/**
 * What a carrier-tracking update may say about a return's parcel: the carrier's statuses first, then the
 * events that change no status (stalled, delayed, arriving early).
 */
export const TRACKING_UPDATE_STATUSES = [
  ...CARRIER_SHIPMENT_STATUSES,
  "stalled_in_transit",
  "delayed",
  "arriving_early",
] as const;
export type TrackingUpdateStatus = (typeof TRACKING_UPDATE_STATUSES)[number];
