import { sql } from "drizzle-orm";
import type { Db } from "../../db";
import { isUniqueViolation } from "../../db/errors";
import { webhooks } from "../../db/schema";
import type { UpdateWebhookInput, Webhook } from "../../schemas/webhooks";
import { ConflictError, NotFoundError } from "../errors";
import { serializeWebhook } from "./serialize";
import { EXTERNAL_ID_CONSTRAINT, webhookInStores } from "./shared";

/**
 * `PUT /webhooks/{webhookId}`: replaces the callback (url and token; `auth: null` removes the token,
 * an omitted `auth` keeps it) and the externalId (null removes it); topic and kind change only when given.
 * NotFoundError("webhook") for a malformed or unknown id and for a webhook outside `storeIds`;
 * ConflictError("webhook/external-id-conflict") when another webhook of the store has the externalId.
 */
export async function updateWebhook(
  db: Db,
  params: { webhookId: string; storeIds: readonly string[]; input: UpdateWebhookInput },
): Promise<Webhook> {
  const { webhookId, storeIds, input } = params;
  const where = webhookInStores(webhookId, storeIds);
  if (!where) throw new NotFoundError("webhook", webhookId);
  let row: typeof webhooks.$inferSelect | undefined;
  try {
    [row] = await db
      .update(webhooks)
      .set({
        url: input.callback.url,
        // An omitted auth keeps the stored token; null removes it.
        ...(input.callback.auth !== undefined && { authToken: input.callback.auth?.bearer.token ?? null }),
        externalId: input.externalId,
        ...(input.topic !== undefined && { topic: input.topic }),
        ...(input.kind !== undefined && { kind: input.kind }),
        updatedAt: sql`now()`,
      })
      .where(where)
      .returning();
  } catch (error) {
    if (isUniqueViolation(error, EXTERNAL_ID_CONSTRAINT)) {
      throw new ConflictError(
        "webhook/external-id-conflict",
        `Another webhook of this store already has the externalId ${JSON.stringify(input.externalId)}.`,
      );
    }
    throw error;
  }
  if (!row) throw new NotFoundError("webhook", webhookId);
  return serializeWebhook(row);
}
