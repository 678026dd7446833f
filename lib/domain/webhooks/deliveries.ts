import { and, asc, desc, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { deliveryAttempts, events, webhookDeliveries } from "../../db/schema";
import type { DeliveryStatus, DeliveryTrigger } from "../../enums";
import { isId } from "../../ids";
import type { DeliveryAttempt, WebhookDelivery } from "../../schemas/webhook-deliveries";
import { enqueueDeliveries } from "../../webhooks/enqueue";
import { NotFoundError } from "../errors";
import { findWebhookStore } from "./find-webhook-store";
import { withRequestBodies } from "./request-bodies";

/** Problem area of an unknown delivery id: 404 `delivery/not-found`. */
export const DELIVERY_RESOURCE = "delivery";

/** Position after which a page of deliveries starts: the last delivery of the previous page. */
export type DeliveryCursor = { createdAt: Date; id: string };

const deliveryColumns = {
  id: webhookDeliveries.id,
  eventId: webhookDeliveries.eventId,
  eventType: events.type,
  subjectId: webhookDeliveries.subjectId,
  trigger: webhookDeliveries.trigger,
  status: webhookDeliveries.status,
  attemptCount: webhookDeliveries.attemptCount,
  nextAttemptAt: webhookDeliveries.nextAttemptAt,
  createdAt: webhookDeliveries.createdAt,
  completedAt: webhookDeliveries.completedAt,
};

type DeliveryRow = {
  id: string;
  eventId: string;
  eventType: WebhookDelivery["eventType"];
  subjectId: string;
  trigger: string;
  status: DeliveryStatus;
  attemptCount: number;
  nextAttemptAt: Date;
  createdAt: Date;
  completedAt: Date | null;
};

type AttemptRow = typeof deliveryAttempts.$inferSelect;

/** The API's view of a delivery: `nextAttemptAt` only while pending, attempts oldest first. */
export function serializeDelivery(row: DeliveryRow, attempts: readonly AttemptRow[]): WebhookDelivery {
  return {
    id: row.id,
    eventId: row.eventId,
    eventType: row.eventType,
    subjectId: row.subjectId,
    trigger: row.trigger as DeliveryTrigger,
    status: row.status,
    attemptCount: row.attemptCount,
    nextAttemptAt: row.status === "pending" ? row.nextAttemptAt.toISOString() : null,
    createdAt: row.createdAt.toISOString(),
    completedAt: row.completedAt ? row.completedAt.toISOString() : null,
    attempts: attempts.map(serializeAttempt),
  };
}

function serializeAttempt(row: AttemptRow): DeliveryAttempt {
  return {
    attemptNumber: row.attemptNumber,
    attemptedAt: row.attemptedAt.toISOString(),
    durationMs: row.durationMs,
    responseStatus: row.responseStatus,
    error: row.error,
    responseBodyExcerpt: row.responseBodyExcerpt,
    request:
      row.requestHeaders && row.requestBodyKind && row.requestBodySha256 && row.requestBodyBytes !== null
        ? {
            headers: row.requestHeaders,
            bodyKind: row.requestBodyKind,
            bodySha256: row.requestBodySha256,
            bodyBytes: row.requestBodyBytes,
          }
        : null,
  };
}

/** The attempts of these deliveries in one query, grouped by delivery, oldest first. */
async function loadAttempts(db: Db, deliveryIds: readonly string[]): Promise<Map<string, AttemptRow[]>> {
  const byDelivery = new Map<string, AttemptRow[]>();
  if (deliveryIds.length === 0) return byDelivery;
  const rows = await db
    .select()
    .from(deliveryAttempts)
    .where(inArray(deliveryAttempts.deliveryId, [...deliveryIds]))
    .orderBy(asc(deliveryAttempts.deliveryId), asc(deliveryAttempts.attemptNumber));
  for (const row of rows) {
    const list = byDelivery.get(row.deliveryId) ?? [];
    list.push(row);
    byDelivery.set(row.deliveryId, list);
  }
  return byDelivery;
}

export type ListDeliveriesResult = {
  deliveries: WebhookDelivery[];
  /** Cursor of the next page; absent on the last page. */
  next?: DeliveryCursor;
};

/**
 * A page of a webhook's deliveries, newest first (created_at desc, id desc), keyset paged like every
 * list (decisions §4): `limit + 1` rows tell whether a next page exists, and the page's attempts come
 * in one more query. NotFoundError("webhook") when the webhook is not one of `storeIds`.
 */
export async function listDeliveries(
  db: Db,
  params: {
    webhookId: string;
    storeIds: readonly string[];
    status?: DeliveryStatus;
    limit: number;
    after?: DeliveryCursor;
  },
): Promise<ListDeliveriesResult> {
  const { webhookId, status, limit, after } = params;
  if (!Number.isInteger(limit) || limit < 1)
    throw new RangeError(`limit must be a positive integer, got ${limit}`);
  await findWebhookStore(db, { webhookId, storeIds: params.storeIds });

  const conditions: SQL[] = [eq(webhookDeliveries.webhookId, webhookId)];
  if (status !== undefined) conditions.push(eq(webhookDeliveries.status, status));
  if (after) {
    conditions.push(
      sql`(${webhookDeliveries.createdAt}, ${webhookDeliveries.id}) < (${after.createdAt.toISOString()}::timestamptz, ${after.id})`,
    );
  }
  const rows = await db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .innerJoin(events, eq(events.id, webhookDeliveries.eventId))
    .where(and(...conditions))
    .orderBy(desc(webhookDeliveries.createdAt), desc(webhookDeliveries.id))
    .limit(limit + 1);
  const page = rows.slice(0, limit);
  const attempts = await loadAttempts(
    db,
    page.map((row) => row.id),
  );
  const last = page.at(-1);
  return {
    deliveries: page.map((row) => serializeDelivery(row, attempts.get(row.id) ?? [])),
    ...(rows.length > limit && last ? { next: { createdAt: last.createdAt, id: last.id } } : {}),
  };
}

/** One delivery of the webhook, with its attempts; NotFoundError("delivery") when it is not the webhook's. */
export async function getDelivery(
  db: Db,
  params: { webhookId: string; deliveryId: string },
): Promise<WebhookDelivery> {
  const row = await findDeliveryRow(db, params);
  const attempts = await loadAttempts(db, [row.id]);
  return withRequestBodies(db, serializeDelivery(row, attempts.get(row.id) ?? []));
}

async function findDeliveryRow(db: Db, params: { webhookId: string; deliveryId: string }) {
  if (!isId("delivery", params.deliveryId)) throw new NotFoundError(DELIVERY_RESOURCE, params.deliveryId);
  const [row] = await db
    .select(deliveryColumns)
    .from(webhookDeliveries)
    .innerJoin(events, eq(events.id, webhookDeliveries.eventId))
    .where(
      and(eq(webhookDeliveries.id, params.deliveryId), eq(webhookDeliveries.webhookId, params.webhookId)),
    )
    .limit(1);
  if (!row) throw new NotFoundError(DELIVERY_RESOURCE, params.deliveryId);
  return row;
}

/**
 * `POST /webhooks/{webhookId}/deliveries/{deliveryId}/resend`: a NEW pending delivery (trigger
 * `resend`) of the same event to the same webhook, due at once, whatever the status of the original
 * (which is left as it is). It carries the original event's seq, so it queues behind any earlier pending
 * delivery of the subject (claim order is event_seq, then id). The webhook must be one of `storeIds`
 * (NotFoundError("webhook")); the delivery must be this webhook's (NotFoundError("delivery")).
 */
export async function resendDelivery(
  db: Db,
  params: { webhookId: string; deliveryId: string; storeIds: readonly string[] },
): Promise<WebhookDelivery> {
  await findWebhookStore(db, { webhookId: params.webhookId, storeIds: params.storeIds });
  return db.transaction(async (tx) => {
    if (!isId("delivery", params.deliveryId)) throw new NotFoundError(DELIVERY_RESOURCE, params.deliveryId);
    const [original] = await tx
      .select()
      .from(webhookDeliveries)
      .where(
        and(eq(webhookDeliveries.id, params.deliveryId), eq(webhookDeliveries.webhookId, params.webhookId)),
      )
      .limit(1);
    if (!original) throw new NotFoundError(DELIVERY_RESOURCE, params.deliveryId);
    const [id] = await enqueueDeliveries(tx, {
      storeId: original.storeId,
      events: [{ id: original.eventId, seq: original.eventSeq, subjectId: original.subjectId }],
      audience: { webhookId: original.webhookId, trigger: "resend" },
    });
    if (!id) throw new Error("the resend got no delivery");
    return getDelivery(tx, { webhookId: params.webhookId, deliveryId: id });
  });
}
