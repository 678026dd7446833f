import type { WebhookPayload } from "../enums";

/**
 * What a webhook receives for an event (decisions §8): a `snapshot` webhook gets the stored payload as
 * is, a `thin` one `{ id, type, topic, at, subject: { id } }`, the same for every topic.
 */

export type ThinEventPayload = {
  id: string;
  type: string;
  topic: string;
  at: string;
  subject: { id: string };
};

/** An event as stored (with its payload) or as the dispatcher claims it (with the payload's `at`). */
export type ThinEventSource = {
  id: string;
  type: string;
  topic: string;
  subjectId: string;
  createdAt: Date;
} & ({ payload: Record<string, unknown> } | { payloadAt: string | null });

/** The `thin` payload of an event; `at` is the snapshot's (which equals the event's creation time). */
export function thinEventPayload(event: ThinEventSource): ThinEventPayload {
  const at = "payload" in event ? event.payload.at : event.payloadAt;
  return {
    id: event.id,
    type: event.type,
    topic: event.topic,
    at: typeof at === "string" ? at : event.createdAt.toISOString(),
    subject: { id: event.subjectId },
  };
}

/** The body to send to a webhook of `payload` form for a stored event: its snapshot as is, or its thin form. */
export function eventPayloadFor(
  event: Extract<ThinEventSource, { payload: unknown }>,
  payload: WebhookPayload,
): Record<string, unknown> {
  return payload === "thin" ? thinEventPayload(event) : event.payload;
}
