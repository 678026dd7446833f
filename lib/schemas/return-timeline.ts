import { z } from "zod";
import {
  CUSTODY_VERDICTS,
  DISPOSITIONS,
  EVENT_TYPES,
  LABEL_FORMATS,
  LABEL_SIZES,
  RETURN_TYPES,
  TRACKING_UPDATE_STATUSES,
} from "../enums";
import { timestampSchema } from "./common";
import { returnStatusSchema } from "./return-lifecycle";

/**
 * `GET /returns/{returnId}/timeline` (Backroom extension): one feed of everything that happened to a return,
 * oldest first. Each entry says what (`kind` and its `details`), who (`actor`) and when (`at`); `id` is
 * the row it comes from (the return itself for `created`), unique across kinds.
 */

const TIMELINE_ACTOR_KINDS = ["staff", "api_secret", "system", "customer"] as const;

const actorSchema = z
  .object({
    kind: z.enum(TIMELINE_ACTOR_KINDS),
    name: z
      .string()
      .meta({ description: "The staff member's, API secret's or customer's name at the time." }),
  })
  .meta({ id: "ReturnTimelineActor" });

const entry = <K extends string, D extends z.ZodType>(kind: K, details: D) =>
  z.object({
    id: z.string(),
    kind: z.literal(kind),
    at: timestampSchema,
    actor: actorSchema,
    details,
  });

const itemChangeSchema = z.object({
  itemId: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
});

export const returnTimelineEntrySchema = z
  .discriminatedUnion("kind", [
    entry("created", z.object({ type: z.enum(RETURN_TYPES) })),
    entry(
      "status_changed",
      z.object({
        from: returnStatusSchema,
        to: returnStatusSchema,
        via: z.enum(["approve", "status", "process", "tracking", "receive", "custody"]),
        customerNotes: z.string().optional(),
        reason: z
          .string()
          .optional()
          .meta({ description: "With `via: custody`: why the unit's chain of custody flagged the return." }),
        tracking: z
          .object({
            number: z.string(),
            status: z.enum(TRACKING_UPDATE_STATUSES),
            message: z.string().optional(),
            location: z.string().optional().meta({ description: '"City, state, country".' }),
            at: z.string().optional().meta({ description: "When the carrier saw it (ISO 8601)." }),
          })
          .optional()
          .meta({ description: "With `via: tracking`: the carrier update for the return's parcel." }),
      }),
    ),
    entry(
      "approved",
      z.object({
        items: z.array(z.object({ id: z.string(), shipBack: z.boolean() })),
        customerNotes: z.string().optional(),
      }),
    ),
    entry(
      "item_processed",
      z.object({
        itemId: z.string(),
        result: z.enum(["processed", "rejected"]),
        restock: z.boolean(),
        disposition: z.enum(DISPOSITIONS).optional().meta({
          description:
            "Where its units went (docs/dispositions.md): `restock` or a non-sellable stock state.",
        }),
        locationId: z.string().optional(),
        locationName: z.string().optional().meta({ description: "The restock location's current name." }),
        movementId: z.string().optional().meta({ description: "The inventory movement that restocked it." }),
        quantity: z.int(),
        grade: z.string().optional(),
        outcome: z.string().optional(),
        rejectReason: z.string().optional(),
        adjustment: z
          .object({ from: z.string().nullable(), to: z.string() })
          .optional()
          .meta({ description: "The credited amount before and after a merchant adjustment (decimals)." }),
        customerNotes: z.string().optional(),
      }),
    ),
    entry("identifiers_set", z.object({ items: z.array(itemChangeSchema) })),
    entry(
      "custody_checked",
      z.object({
        itemId: z.string(),
        identifier: z.string(),
        verdict: z.enum(CUSTODY_VERDICTS),
        summary: z.string().meta({ description: "What the chain of custody answered, in words." }),
      }),
    ),
    entry("tag_added", z.object({ name: z.string() })),
    entry(
      "labels_printed",
      z.object({
        format: z.enum(LABEL_FORMATS),
        size: z.enum(LABEL_SIZES),
        count: z.int().meta({ description: "License plates printed." }),
        itemIds: z.array(z.string()).meta({ description: "The items whose plates were printed." }),
      }),
    ),
    entry("tag_removed", z.object({ name: z.string() })),
    entry(
      "comment",
      z.object({
        message: z.string().optional(),
        image: z.string().optional().meta({ description: "URL of the comment's image." }),
      }),
    ),
    entry(
      "webhook_delivery",
      z.object({
        deliveryId: z.string(),
        webhookId: z.string(),
        eventId: z.string(),
        eventType: z.enum(EVENT_TYPES),
        attempt: z.int().meta({ description: "The attempt's number (1 for the first)." }),
        result: z.enum(["delivered", "failed"]),
        responseStatus: z.int().nullable(),
        error: z.string().nullable(),
        final: z.boolean().meta({
          description: "True when no attempt follows: delivered, or given up after this failure.",
        }),
      }),
    ),
  ])
  .meta({ id: "ReturnTimelineEntry" });
export type ReturnTimelineEntry = z.infer<typeof returnTimelineEntrySchema>;

export const returnTimelineResponseSchema = z
  .object({ entries: z.array(returnTimelineEntrySchema) })
  .meta({ id: "ReturnTimelineResponse" });
