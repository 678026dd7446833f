import type { WebhookPayload } from "../../enums";

/**
 * A delivery as the claim statement leases it: the delivery, its webhook's target and its event's snapshot,
 * read in that one statement (claim.ts) so an attempt needs no query of its own, and the row mapping.
 */

/** What an attempt needs of the webhook, read in the claim statement (no query per attempt). */
export type DeliveryTarget = {
  url: string;
  authToken: string | null;
  payload: WebhookPayload;
  signingSecret: string;
  previousSigningSecret: string | null;
  previousSigningSecretExpiresAt: Date | null;
};

/** The event as an attempt sends it: the stored snapshot's JSON text as is (no parse and re-encode). */
export type DeliveryEvent = {
  id: string;
  type: string;
  topic: string;
  subjectId: string;
  createdAt: Date;
  payloadJson: string;
  /** The snapshot's `at`, for thin payloads. */
  payloadAt: string | null;
};

export type ClaimedDelivery = {
  id: string;
  webhookId: string;
  eventId: string;
  subjectId: string;
  eventSeq: number;
  /** Attempts made before this one. */
  attemptCount: number;
  leaseOwner: string;
  leaseExpiresAt: Date;
  /** Null when the webhook or event vanished between the claim's snapshot and now. */
  target: DeliveryTarget | null;
  event: DeliveryEvent | null;
};

export type ClaimedRow = {
  id: string;
  webhook_id: string;
  event_id: string;
  subject_id: string;
  event_seq: number | string;
  attempt_count: number;
  lease_owner: string;
  lease_expires_at: Date | string;
  url: string | null;
  auth_token: string | null;
  payload_form: WebhookPayload | null;
  signing_secret: string | null;
  previous_signing_secret: string | null;
  previous_signing_secret_expires_at: Date | string | null;
  event_type: string | null;
  event_topic: string | null;
  event_created_at: Date | string | null;
  payload_json: string | null;
  payload_at: string | null;
};

const asDate = (value: Date | string) => (value instanceof Date ? value : new Date(value));

export function toClaimedDelivery(row: ClaimedRow): ClaimedDelivery {
  return {
    id: row.id,
    webhookId: row.webhook_id,
    eventId: row.event_id,
    subjectId: row.subject_id,
    // bigint arrives as a string from node-postgres.
    eventSeq: Number(row.event_seq),
    attemptCount: row.attempt_count,
    leaseOwner: row.lease_owner,
    leaseExpiresAt: asDate(row.lease_expires_at),
    target:
      row.url !== null && row.payload_form !== null && row.signing_secret !== null
        ? {
            url: row.url,
            authToken: row.auth_token,
            payload: row.payload_form,
            signingSecret: row.signing_secret,
            previousSigningSecret: row.previous_signing_secret,
            previousSigningSecretExpiresAt:
              row.previous_signing_secret_expires_at === null
                ? null
                : asDate(row.previous_signing_secret_expires_at),
          }
        : null,
    event:
      row.payload_json !== null && row.event_type !== null && row.event_topic !== null && row.event_created_at
        ? {
            id: row.event_id,
            type: row.event_type,
            topic: row.event_topic,
            subjectId: row.subject_id,
            createdAt: asDate(row.event_created_at),
            payloadJson: row.payload_json,
            payloadAt: row.payload_at,
          }
        : null,
  };
}
