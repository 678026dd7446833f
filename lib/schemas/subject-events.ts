import { z } from "zod";
import { EVENT_TYPES } from "../enums";
import { timestampSchema } from "./common";

/** The events recorded about one subject (a shipment), with how their webhook deliveries went. */
export const subjectEventSchema = z
  .object({
    id: z.string(),
    type: z.enum(EVENT_TYPES),
    created_at: timestampSchema,
    deliveries: z.object({ pending: z.int(), delivered: z.int(), discarded: z.int() }).meta({
      description: "This event's webhook deliveries by status (all zero when no webhook subscribes).",
    }),
  })
  .meta({ id: "SubjectEvent" });
export type SubjectEvent = z.infer<typeof subjectEventSchema>;

export const listSubjectEventsResponseSchema = z
  .object({ events: z.array(subjectEventSchema) })
  .meta({ id: "SubjectEventList" });
