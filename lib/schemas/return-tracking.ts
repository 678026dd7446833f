import { z } from "zod";
import { TRACKING_UPDATE_STATUSES } from "../enums";
import { dateTimeInputSchema } from "./common";
import { returnStatusSchema } from "./return-lifecycle";

/**
 * A carrier-tracking update for a return's parcel (docs/returns-lifecycle.md, "Tracking updates"). The
 * body is the real service's fulfillment shipment-status request (redoapp/redo-dev
 * orders-api-update-fulfillment-status-request: `status`, `estimatedDeliveryDate`, `message`, `datetime`,
 * `location`), so a carrier integration written for it sends the same thing here.
 */

const MAX_TRACKING_MESSAGE_LENGTH = 500;
const MAX_LOCATION_PART_LENGTH = 100;

// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point.
const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001F\u007F-\u009F]*$/;

const optionalText = (field: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, `${field} must be at most ${max} characters.`)
    .regex(NO_CONTROL_CHARACTERS, `${field} must not contain control characters.`)
    .nullable()
    .optional();

const trackingUpdateStatusSchema = z.enum(TRACKING_UPDATE_STATUSES).meta({
  description:
    "The carrier's status (`pre_transit`, `in_transit`, `out_for_delivery`, `available_for_pickup`, " +
    "`delivered`, `return_to_sender`, `failure`, `cancelled`, `error`) or an event that changes no status " +
    "(`stalled_in_transit`, `delayed`, `arriving_early`). `in_transit`, `out_for_delivery` and " +
    "`available_for_pickup` move an `open` return to `in_transit`; `delivered` moves an `open` or `in_transit` " +
    "return to `delivered` once all its tracked parcels are delivered; the others move nothing.",
});

export const returnShipmentStatusBodySchema = z
  .strictObject({
    status: trackingUpdateStatusSchema,
    estimatedDeliveryDate: dateTimeInputSchema.nullable().optional().meta({
      description: "The carrier's estimated delivery; kept on the parcel when the update moves the return.",
    }),
    message: optionalText("message", MAX_TRACKING_MESSAGE_LENGTH).meta({
      description: 'The tracking event\'s text (e.g. "Departed shipping partner facility"); on the timeline.',
    }),
    datetime: dateTimeInputSchema.nullable().optional().meta({
      description: "When the carrier saw it; a delivery's time (`deliveredAt`), else the time of the call.",
    }),
    location: z
      .strictObject({
        city: optionalText("location.city", MAX_LOCATION_PART_LENGTH),
        state: optionalText("location.state", MAX_LOCATION_PART_LENGTH),
        country: optionalText("location.country", MAX_LOCATION_PART_LENGTH),
        postalCode: optionalText("location.postalCode", MAX_LOCATION_PART_LENGTH),
      })
      .nullable()
      .optional()
      .meta({ description: "Where the tracking event happened; on the timeline." }),
  })
  .meta({ id: "ReturnShipmentStatusRequest" });
export type ReturnShipmentStatusBody = z.output<typeof returnShipmentStatusBodySchema>;

export const returnShipmentStatusResponseSchema = z
  .object({
    success: z.literal(true),
    changed: z.boolean().meta({ description: "Whether any return moved." }),
    message: z.string().meta({ description: "What the update did, in words." }),
    returns: z
      .array(
        z.object({
          id: z.string().meta({ description: "Return id (`ret_…`) whose parcel has this tracking number." }),
          previousStatus: returnStatusSchema,
          status: returnStatusSchema,
          changed: z.boolean(),
        }),
      )
      .meta({ description: "Every return of the store with a parcel of this tracking number." }),
  })
  .meta({ id: "ReturnShipmentStatusResponse" });
export type ReturnShipmentStatusResult = z.output<typeof returnShipmentStatusResponseSchema>;
