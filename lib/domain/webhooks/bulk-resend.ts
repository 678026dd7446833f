import { sql } from "drizzle-orm";
import type { Db } from "../../db";
import type { EventType } from "../../enums";
import { BULK_RESEND_LIMIT } from "../../schemas/webhook-deliveries";
import { enqueueDeliveries } from "../../webhooks/enqueue";
import { ValidationError } from "../errors";
import { findWebhookStore } from "./find-webhook-store";

export type BulkResendFilters = { eventType?: EventType; since?: Date; until?: Date; dryRun?: boolean };

/**
 * `POST /webhooks/{webhookId}/deliveries/resend`: one new pending delivery (trigger `resend`) per event
 * whose delivery to this webhook was discarded, within the filters. An event is resent once however
 * many of its deliveries were discarded, and not at all while another of its deliveries is pending or
 * once one was delivered: pressing the button twice, or after single resends, sends nothing twice.
 * Deliveries are inserted in event order, so per-subject order holds as for any delivery.
 * More than `BULK_RESEND_LIMIT` matches is a ValidationError naming the limit (nothing is queued): one
 * request stays bounded and the admin narrows the time range instead. `dryRun` counts only.
 */
export async function bulkResendDeliveries(
  db: Db,
  params: { webhookId: string; storeIds: readonly string[] } & BulkResendFilters,
): Promise<{ matched: number; resent: number }> {
  const storeId = await findWebhookStore(db, { webhookId: params.webhookId, storeIds: params.storeIds });
  return db.transaction(async (tx) => {
    const { rows } = await tx.execute<{
      event_id: string;
      event_seq: string | number;
      subject_id: string;
    }>(sql`
      select distinct on (d.event_seq, d.event_id) d.event_id, d.event_seq, d.subject_id
      from webhook_deliveries d join events e on e.id = d.event_id
      where d.webhook_id = ${params.webhookId} and d.status = 'discarded'
        ${params.eventType ? sql`and e.type = ${params.eventType}` : sql``}
        ${params.since ? sql`and d.created_at >= ${params.since.toISOString()}::timestamptz` : sql``}
        ${params.until ? sql`and d.created_at < ${params.until.toISOString()}::timestamptz` : sql``}
        and not exists (select 1 from webhook_deliveries o
          where o.webhook_id = d.webhook_id and o.event_id = d.event_id and o.status <> 'discarded')
      order by d.event_seq, d.event_id
      limit ${BULK_RESEND_LIMIT + 1}`);
    if (rows.length > BULK_RESEND_LIMIT) {
      throw new ValidationError(
        "webhook",
        [{ path: "", message: `More than ${BULK_RESEND_LIMIT} deliveries match: narrow the filters.` }],
        `A bulk resend queues at most ${BULK_RESEND_LIMIT} deliveries; more than that match these filters.`,
      );
    }
    if (params.dryRun || rows.length === 0) return { matched: rows.length, resent: 0 };
    const ids = await enqueueDeliveries(tx, {
      storeId,
      events: rows.map((row) => ({
        id: row.event_id,
        seq: Number(row.event_seq),
        subjectId: row.subject_id,
      })),
      audience: { webhookId: params.webhookId, trigger: "resend" },
    });
    return { matched: rows.length, resent: ids.length };
  });
}
