/** Webhooks: topics, kinds, payloads, event types and deliveries. */

/**
 * The topics a webhook subscribes to and events carry. Adding one: the value here (the database enum
 * follows through a migration) and its snapshot source in lib/domain/events/topics.ts.
 */
export const WEBHOOK_TOPICS = [
  "return",
  "inventory_item",
  "inbound_shipment",
  "transfer",
  "supplier_claim",
  /** An alert rule's state: `updated` events when it fires and when it clears (docs/notifications.md). */
  "alert",
] as const;
export type WebhookTopic = (typeof WEBHOOK_TOPICS)[number];

/** The published `webhook-kind` enum: stored and echoed; it does not change what is delivered. */
export const WEBHOOK_KINDS = ["redo", "loop"] as const;
export type WebhookKind = (typeof WEBHOOK_KINDS)[number];

/** Our payload choice (not the published `kind`): the full snapshot, or only the subject's id. */
export const WEBHOOK_PAYLOADS = ["snapshot", "thin"] as const;
export type WebhookPayload = (typeof WEBHOOK_PAYLOADS)[number];

/** `deleted`: a cancelled inbound shipment (its payload is its last state). */
export const EVENT_TYPES = ["created", "updated", "deleted", "backfill", "test"] as const;
export type EventType = (typeof EVENT_TYPES)[number];

/** The event types the package publishes for the `return` topic: every subscriber receives them. */
export const PUBLISHED_EVENT_TYPES = ["backfill", "created", "updated"] as const;
/** Our other event types: a `return` webhook receives them only when it opted in (`extraEventTypes`). */
export const EXTRA_EVENT_TYPES = ["deleted", "test"] as const;
export type ExtraEventType = (typeof EXTRA_EVENT_TYPES)[number];

/** Why a delivery exists. Backfill deliveries are `event`: their event has the type `backfill`. */
export const DELIVERY_TRIGGERS = ["event", "replay", "resend", "test"] as const;
export type DeliveryTrigger = (typeof DELIVERY_TRIGGERS)[number];

/** pending: waiting for its turn or its next attempt; delivered: a 2xx came back; discarded: retries ran out. */
export const DELIVERY_STATUSES = ["pending", "delivered", "discarded"] as const;
export type DeliveryStatus = (typeof DELIVERY_STATUSES)[number];
