import { sql } from "drizzle-orm";
import type { Db } from "../../db";
import { isUniqueViolation } from "../../db/errors";
import { webhooks } from "../../db/schema";
import { type UpdateWebhookInput, WEBHOOK_TOKEN_MASK, type Webhook } from "../../schemas/webhooks";
import { ConflictError, NotFoundError, ValidationError } from "../errors";
import { maskToken, serializeWebhook } from "./serialize";
import { EXTERNAL_ID_CONSTRAINT, webhookInStores } from "./shared";

/**
 * `PUT /webhooks/{webhookId}` (the published `webhook-update`): replaces the callback and the externalId
 * (omitted or null removes it, as the package's default null says). The token: a new one replaces it,
 * `auth: null` removes it, and the masked token a GET answered, sent back unchanged, or no `auth` at all
 * keeps it (read-modify-write). Our own settings (topic, kind, payload, extraEventTypes) change only when
 * given. One transaction: the row is locked while the mask is compared.
 * NotFoundError("webhook") for a malformed or unknown id and for a webhook outside `storeIds`;
 * ConflictError("webhook/external-id-conflict") when another webhook of the store has the externalId;
 * ValidationError when a masked token is not the stored token's mask (there is nothing to keep).
 */
export async function updateWebhook(
  db: Db,
  params: { webhookId: string; storeIds: readonly string[]; input: UpdateWebhookInput },
): Promise<Webhook> {
  const { webhookId, storeIds, input } = params;
  const where = webhookInStores(webhookId, storeIds);
  if (!where) throw new NotFoundError("webhook", webhookId);
  const externalId = input.externalId ?? null;
  try {
    return await db.transaction(async (tx) => {
      const [current] = await tx
        .select({ authToken: webhooks.authToken })
        .from(webhooks)
        .where(where)
        .for("update");
      if (!current) throw new NotFoundError("webhook", webhookId);
      const [row] = await tx
        .update(webhooks)
        .set({
          url: input.callback.url,
          ...tokenChange(input, current.authToken),
          externalId,
          ...(input.topic !== undefined && { topic: input.topic }),
          ...(input.kind !== undefined && { kind: input.kind }),
          ...(input.payload !== undefined && { payload: input.payload }),
          ...(input.extraEventTypes !== undefined && { extraEventTypes: input.extraEventTypes }),
          updatedAt: sql`now()`,
        })
        .where(where)
        .returning();
      if (!row) throw new NotFoundError("webhook", webhookId);
      return serializeWebhook(row);
    });
  } catch (error) {
    if (isUniqueViolation(error, EXTERNAL_ID_CONSTRAINT)) {
      throw new ConflictError(
        "webhook/external-id-conflict",
        `Another webhook of this store already has the externalId ${JSON.stringify(externalId)}.`,
      );
    }
    throw error;
  }
}

/** The `authToken` to set, or nothing to keep the stored one. */
function tokenChange(input: UpdateWebhookInput, stored: string | null): { authToken?: string | null } {
  const auth = input.callback.auth;
  if (auth === undefined) return {};
  if (auth === null) return { authToken: null };
  const token = auth.bearer.token;
  if (!token.startsWith(WEBHOOK_TOKEN_MASK)) return { authToken: token };
  if (stored !== null && maskToken(stored) === token) return {};
  throw new ValidationError("webhook", [
    {
      path: "webhook.callback.auth.bearer.token",
      message:
        stored === null
          ? "The webhook has no token to keep: send a new token, or auth: null."
          : "This masked token is not the stored token's mask: send the token as read, or a new one.",
    },
  ]);
}
