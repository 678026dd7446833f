import { sql } from "drizzle-orm";
import type { Db } from "../../db";
import type { WebhookDelivery } from "../../schemas/webhook-deliveries";
import { rederiveBody } from "../../webhooks/request-record";

/**
 * Fills in `request.body` of a delivery's attempts. Attempts store a reference to the body (its form,
 * SHA-256 and length), not the bytes: the body is re-derived from the event here, once per delivery, and
 * shown only where it hashes to what was sent (null otherwise). Only Get delivery does this; the list
 * leaves bodies out, since a page of 20 deliveries of 150 KB snapshots would weigh megabytes.
 */
export async function withRequestBodies(db: Db, delivery: WebhookDelivery): Promise<WebhookDelivery> {
  if (!delivery.attempts.some((attempt) => attempt.request !== null)) return delivery;
  const { rows } = await db.execute<{
    id: string;
    type: string;
    topic: string;
    subject_id: string;
    created_at: string | Date;
    payload_json: string;
    payload_at: string | null;
  }>(sql`select id, type, topic, subject_id, created_at, payload::text as payload_json,
      payload ->> 'at' as payload_at
    from events where id = ${delivery.eventId}`);
  const row = rows[0];
  const event = row
    ? {
        id: row.id,
        type: row.type,
        topic: row.topic,
        subjectId: row.subject_id,
        createdAt: new Date(row.created_at),
        payloadJson: row.payload_json,
        payloadAt: row.payload_at,
      }
    : null;
  return {
    ...delivery,
    attempts: delivery.attempts.map((attempt) =>
      attempt.request === null
        ? attempt
        : {
            ...attempt,
            request: {
              ...attempt.request,
              body: event
                ? rederiveBody(
                    {
                      kind: attempt.request.bodyKind,
                      sha256: attempt.request.bodySha256,
                      bytes: attempt.request.bodyBytes,
                    },
                    event,
                  )
                : null,
            },
          },
    ),
  };
}
