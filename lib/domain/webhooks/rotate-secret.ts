import { sql } from "drizzle-orm";
import type { Db } from "../../db";
import { webhooks } from "../../db/schema";
import { PREVIOUS_SECRET_GRACE_MS } from "../../schemas/webhook-deliveries";
import { NotFoundError } from "../errors";
import { webhookInStores } from "./shared";
import { generateSigningSecret } from "./signing-secret";

/**
 * `POST /webhooks/{webhookId}/rotate-secret`: a new signing secret; the current one becomes the
 * previous secret, which keeps signing beside the new one (lib/webhooks/signature.ts
 * `signingSecretsFor`) for 24 hours. One UPDATE whose right-hand sides read the row's old values, so two
 * concurrent rotations serialize on the row lock. Rotating again within 24 h drops the older secret:
 * only one previous secret is kept. NotFoundError("webhook") when the webhook is not one of `storeIds`.
 */
export async function rotateSigningSecret(
  db: Db,
  params: { webhookId: string; storeIds: readonly string[]; now?: Date },
): Promise<{ signingSecret: string; previousSecretExpiresAt: Date }> {
  const where = webhookInStores(params.webhookId, params.storeIds);
  if (!where) throw new NotFoundError("webhook", params.webhookId);
  const signingSecret = generateSigningSecret();
  const previousSecretExpiresAt = new Date((params.now ?? new Date()).getTime() + PREVIOUS_SECRET_GRACE_MS);
  const [row] = await db
    .update(webhooks)
    .set({
      previousSigningSecret: sql`${webhooks.signingSecret}`,
      previousSigningSecretExpiresAt: previousSecretExpiresAt,
      signingSecret,
    })
    .where(where)
    .returning({ id: webhooks.id });
  if (!row) throw new NotFoundError("webhook", params.webhookId);
  return { signingSecret, previousSecretExpiresAt };
}

/**
 * The webhook's current signing secret in full (the staff UI's "reveal"; admin only at the API).
 * NotFoundError("webhook") when the webhook is not one of `storeIds`.
 */
export async function getSigningSecret(
  db: Db,
  params: { webhookId: string; storeIds: readonly string[] },
): Promise<string> {
  const where = webhookInStores(params.webhookId, params.storeIds);
  if (!where) throw new NotFoundError("webhook", params.webhookId);
  const [row] = await db
    .select({ signingSecret: webhooks.signingSecret })
    .from(webhooks)
    .where(where)
    .limit(1);
  if (!row) throw new NotFoundError("webhook", params.webhookId);
  return row.signingSecret;
}
