import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { events, webhookDeliveries } from "../../db/schema";
import type { WebhookTopic } from "../../enums";
import type { SubjectEvent } from "../../schemas/subject-events";
import type { KeysetPosition } from "../paging";

/**
 * One subject's events, newest first, each with its webhook deliveries by status: the "what happened and
 * did the merchant's systems hear of it" feed of a shipment page. Found through events_subject_idx.
 */
export async function listSubjectEvents(
  db: Db,
  params: { storeId: string; topic: WebhookTopic; subjectId: string; limit: number; after?: KeysetPosition },
): Promise<{ events: SubjectEvent[]; next?: KeysetPosition }> {
  const rows = await db
    .select({ id: events.id, type: events.type, createdAt: events.createdAt })
    .from(events)
    .where(
      and(
        eq(events.subjectId, params.subjectId),
        eq(events.storeId, params.storeId),
        eq(events.topic, params.topic),
        params.after
          ? sql`(${events.createdAt}, ${events.id}) < (${params.after.updatedAt.toISOString()}::timestamptz, ${params.after.id})`
          : undefined,
      ),
    )
    .orderBy(desc(events.createdAt), desc(events.id))
    .limit(params.limit + 1);
  const page = rows.slice(0, params.limit);
  const counts =
    page.length === 0
      ? []
      : await db
          .select({
            eventId: webhookDeliveries.eventId,
            status: webhookDeliveries.status,
            n: sql<number>`count(*)::int`,
          })
          .from(webhookDeliveries)
          .where(
            inArray(
              webhookDeliveries.eventId,
              page.map((row) => row.id),
            ),
          )
          .groupBy(webhookDeliveries.eventId, webhookDeliveries.status);
  const last = page.at(-1);
  return {
    events: page.map((row) => {
      const deliveries = { pending: 0, delivered: 0, discarded: 0 };
      for (const c of counts) if (c.eventId === row.id) deliveries[c.status] += Number(c.n);
      return { id: row.id, type: row.type, created_at: row.createdAt.toISOString(), deliveries };
    }),
    ...(rows.length > params.limit && last ? { next: { updatedAt: last.createdAt, id: last.id } } : {}),
  };
}
