import type { Db } from "../../db";
import { webhooks } from "../../db/schema";
import { NotFoundError } from "../errors";
import { webhookInStores } from "./shared";

/**
 * The store a webhook belongs to, when it is one of `storeIds` (the caller's stores). The API uses it
 * to check the caller's role in that store before a write. NotFoundError("webhook") otherwise.
 */
export async function findWebhookStore(
  db: Db,
  params: { webhookId: string; storeIds: readonly string[] },
): Promise<string> {
  const where = webhookInStores(params.webhookId, params.storeIds);
  if (!where) throw new NotFoundError("webhook", params.webhookId);
  const [row] = await db.select({ storeId: webhooks.storeId }).from(webhooks).where(where).limit(1);
  if (!row) throw new NotFoundError("webhook", params.webhookId);
  return row.storeId;
}
