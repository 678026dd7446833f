import type { Db } from "../../db";
import { webhooks } from "../../db/schema";
import type { Webhook } from "../../schemas/webhooks";
import { notifyDispatchers } from "../../webhooks/enqueue";
import { NotFoundError } from "../errors";
import { serializeWebhook } from "./serialize";
import { webhookInStores } from "./shared";

/**
 * `POST /webhooks/{webhookId}/enable`: clears the disabled state and the current failure run
 * (`disabledAt`, `disabledReason`, `failingSince` null, `consecutiveFailures` 0), so the webhook gets a
 * fresh three days before it can be disabled again. Idempotent: an enabled webhook gets the same reset.
 * Its pending deliveries, held while disabled, become claimable again at once; `lastSuccessAt` and
 * `lastFailureAt` are history and stay. Like the dispatcher's health updates, it does not move
 * `updatedAt` (the subscription itself did not change).
 * NotFoundError("webhook") when the webhook is not one of `storeIds`.
 */
export async function enableWebhook(
  db: Db,
  params: { webhookId: string; storeIds: readonly string[] },
): Promise<Webhook> {
  const where = webhookInStores(params.webhookId, params.storeIds);
  if (!where) throw new NotFoundError("webhook", params.webhookId);
  const [row] = await db
    .update(webhooks)
    .set({ disabledAt: null, disabledReason: null, consecutiveFailures: 0, failingSince: null })
    .where(where)
    .returning();
  if (!row) throw new NotFoundError("webhook", params.webhookId);
  // Wake dispatchers: the webhook's held deliveries may be due now.
  await notifyDispatchers(db);
  return serializeWebhook(row);
}
