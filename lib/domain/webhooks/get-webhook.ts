import type { Db } from "../../db";
import { webhooks } from "../../db/schema";
import type { Webhook } from "../../schemas/webhooks";
import { NotFoundError } from "../errors";
import { serializeWebhook } from "./serialize";
import { webhookInStores } from "./shared";

/** One webhook of one of `storeIds`; NotFoundError("webhook") for malformed, unknown or foreign ids. */
export async function getWebhook(
  db: Db,
  params: { webhookId: string; storeIds: readonly string[] },
): Promise<Webhook> {
  const where = webhookInStores(params.webhookId, params.storeIds);
  if (!where) throw new NotFoundError("webhook", params.webhookId);
  const [row] = await db.select().from(webhooks).where(where).limit(1);
  if (!row) throw new NotFoundError("webhook", params.webhookId);
  return serializeWebhook(row);
}
