import { desc, eq } from "drizzle-orm";
import type { Db } from "../../db";
import { webhooks } from "../../db/schema";
import type { Webhook } from "../../schemas/webhooks";
import { serializeWebhook } from "./serialize";

/** Every webhook of the store, newest first (a store has a handful, so there is no paging). */
export async function listWebhooks(db: Db, params: { storeId: string }): Promise<Webhook[]> {
  const rows = await db
    .select()
    .from(webhooks)
    .where(eq(webhooks.storeId, params.storeId))
    .orderBy(desc(webhooks.createdAt), desc(webhooks.id));
  return rows.map(serializeWebhook);
}
