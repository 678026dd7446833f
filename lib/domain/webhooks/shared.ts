import { and, eq, inArray, type SQL } from "drizzle-orm";
import { webhooks } from "../../db/schema";
import { isId } from "../../ids";

/** Name of the unique index behind the race-free upsert and the 409 on update. */
export const EXTERNAL_ID_CONSTRAINT = "webhooks_store_external_id_key";

/**
 * The WHERE clause that finds `webhookId` among the caller's stores, or null when nothing can match
 * (malformed id, no stores): the caller answers NotFound without a query, as for an unknown id.
 */
export function webhookInStores(webhookId: string, storeIds: readonly string[]): SQL | null {
  if (!isId("webhook", webhookId) || storeIds.length === 0) return null;
  return and(eq(webhooks.id, webhookId), inArray(webhooks.storeId, [...storeIds])) ?? null;
}
