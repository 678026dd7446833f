import { getTableColumns, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { webhooks } from "../../db/schema";
import { newId } from "../../ids";
import type { CreateWebhookInput, Webhook } from "../../schemas/webhooks";
import { recordBackfillEvents } from "../events/backfill";
import { serializeWebhook } from "./serialize";
import { generateSigningSecret } from "./signing-secret";

export type UpsertWebhookResult = {
  webhook: Webhook;
  /** True when a new webhook was made (201), false when the one with this externalId was updated (200). */
  created: boolean;
  /**
   * The new webhook's signing secret, in full, only when `created`: the one moment it can be handed to
   * the subscriber. No read path returns it.
   */
  signingSecret?: string;
};

/**
 * Creates a webhook for the store, or, when `input.externalId` is set and a webhook of this store has
 * it, updates that one (decisions §7). A single `INSERT ... ON CONFLICT (store_id, external_id) DO
 * UPDATE` does both, so concurrent upserts with one externalId make exactly one webhook; `xmax = 0`
 * tells a fresh insert from an update. A null externalId never conflicts (NULLs are distinct).
 *
 * The body describes the whole subscription, so an update sets url, token, topic, kind, payload and
 * extraEventTypes (omitted: `redo`, `snapshot` and none, as on create); it keeps the id, signing secret, createdAt and delivery health.
 * `input.backfill: true` on a CREATE records, in the same transaction, one `backfill` event per subject
 * of the webhook's topic in the store (every return for `return`) with a delivery for the new webhook only (lib/domain/events/backfill.ts); on an update
 * (the externalId matched) it is ignored: the webhook already has its history.
 */
export async function upsertWebhook(
  db: Db,
  params: { storeId: string; input: CreateWebhookInput },
): Promise<UpsertWebhookResult> {
  const { storeId, input } = params;
  if (input.backfill) {
    return db.transaction(async (tx) => {
      const result = await upsertRow(tx, storeId, input);
      if (result.created) {
        const { id: webhookId, topic } = result.webhook;
        await recordBackfillEvents(tx, { storeId, webhookId, topic });
      }
      return result;
    });
  }
  return upsertRow(db, storeId, input);
}

async function upsertRow(db: Db, storeId: string, input: CreateWebhookInput): Promise<UpsertWebhookResult> {
  const signingSecret = generateSigningSecret();
  // What an upsert of the same external id overwrites (the id, secret and external id stay).
  const settings = {
    url: input.callback.url,
    authToken: input.callback.auth?.bearer.token ?? null,
    topic: input.topic,
    kind: input.kind ?? "redo",
    payload: input.payload ?? "snapshot",
    extraEventTypes: input.extraEventTypes ?? [],
  };
  const [row] = await db
    .insert(webhooks)
    .values({
      id: newId("webhook"),
      storeId,
      ...settings,
      externalId: input.externalId ?? null,
      signingSecret,
    })
    .onConflictDoUpdate({
      target: [webhooks.storeId, webhooks.externalId],
      set: { ...settings, updatedAt: sql`now()` },
    })
    .returning({ ...getTableColumns(webhooks), created: sql<boolean>`(xmax = 0)` });
  if (!row) throw new Error("webhook upsert returned no row");
  const { created, ...webhook } = row;
  return created
    ? { webhook: serializeWebhook(webhook), created: true, signingSecret }
    : { webhook: serializeWebhook(webhook), created: false };
}
