import type { Db } from "../../db";
import { webhooks } from "../../db/schema";
import { NotFoundError } from "../errors";
import { webhookInStores } from "./shared";

/**
 * Deletes a webhook of one of `storeIds`, with its deliveries and their attempts (cascade).
 * NotFoundError("webhook") for malformed, unknown or foreign ids.
 */
export async function deleteWebhook(
  db: Db,
  params: { webhookId: string; storeIds: readonly string[] },
): Promise<void> {
  const where = webhookInStores(params.webhookId, params.storeIds);
  if (!where) throw new NotFoundError("webhook", params.webhookId);
  const deleted = await db.delete(webhooks).where(where).returning({ id: webhooks.id });
  if (deleted.length === 0) throw new NotFoundError("webhook", params.webhookId);
}
