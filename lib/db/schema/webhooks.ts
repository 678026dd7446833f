import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, idPrefixCheck, timestampMs, updatedAt } from "./columns";
import { eventType, webhookKind, webhookPayload, webhookTopic } from "./enums";
import { stores } from "./stores";

/**
 * A subscription that pushes a store's events to the merchant's URL.
 * `authToken` is the subscriber's own secret, sent back to them as a Bearer token (never echoed in full
 * by the API); `signingSecret` is ours, used for the Standard Webhooks signature.
 */
export const webhooks = pgTable(
  "webhooks",
  {
    id: text().primaryKey(),
    storeId: text()
      .notNull()
      .references(() => stores.id, { onDelete: "cascade" }),
    url: text().notNull(),
    authToken: text(),
    topic: webhookTopic().notNull(),
    /** The published `kind` (redo | loop): stored and echoed only. */
    kind: webhookKind().notNull().default("redo"),
    /** What a delivery carries: the full snapshot or the thin form (lib/webhooks/payload.ts). */
    payload: webhookPayload().notNull().default("snapshot"),
    /** Event types beyond the published ones this webhook opted in to (EXTRA_EVENT_TYPES). */
    extraEventTypes: eventType().array().notNull().default([]),
    externalId: text(),
    signingSecret: text().notNull(),
    /** After a rotation the old secret keeps signing beside the new one until it expires. */
    previousSigningSecret: text(),
    previousSigningSecretExpiresAt: timestampMs(),
    consecutiveFailures: integer().notNull().default(0),
    lastSuccessAt: timestampMs(),
    lastFailureAt: timestampMs(),
    /** Start of the current run of failures; a run of three days disables the webhook. */
    failingSince: timestampMs(),
    disabledAt: timestampMs(),
    disabledReason: text(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    idPrefixCheck("webhook", t.id),
    // The upsert by externalId relies on this constraint to stay race-free (decisions §7).
    uniqueIndex("webhooks_store_external_id_key").on(t.storeId, t.externalId),
    index("webhooks_store_topic_idx").on(t.storeId, t.topic),
    check("webhooks_url_length", sql`char_length(${t.url}) <= 2048`),
  ],
);
