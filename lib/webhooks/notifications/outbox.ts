import { sql } from "drizzle-orm";
import type { Db } from "../../db";
import type { NotificationKind } from "../../enums";
import type { OutgoingMessage } from "./channels";

/** Delays between attempts of one notification; after the last, it is marked failed. */
export const DEFAULT_NOTIFICATION_SCHEDULE_MS: readonly number[] = [
  10_000, 60_000, 300_000, 1_800_000, 7_200_000, 21_600_000,
];

export type ClaimedNotification = OutgoingMessage & { kind: NotificationKind; attemptCount: number };

/**
 * Leases up to `limit` due notifications to `workerId`: pending, due, and not leased (or the lease expired:
 * its worker died mid-send). `FOR UPDATE SKIP LOCKED` lets several workers on one PostgreSQL share the rows;
 * PGlite runs the same statement with one worker.
 */
export async function claimDueNotifications(
  db: Db,
  options: { workerId: string; limit: number; leaseMs: number; now: Date },
): Promise<ClaimedNotification[]> {
  const now = options.now.toISOString();
  const leaseUntil = new Date(options.now.getTime() + options.leaseMs).toISOString();
  const result = await db.execute<{
    id: string;
    kind: NotificationKind;
    channel: "email" | "chat";
    recipient: string;
    subject: string;
    body: string;
    attempt_count: number;
    attachment_name: string | null;
    attachment_content_type: string | null;
    attachment_content: string | null;
  }>(sql`
    update notifications set lease_owner = ${options.workerId}, lease_expires_at = ${leaseUntil}::timestamptz
    where id in (
      select id from notifications
      where status = 'pending' and next_attempt_at <= ${now}::timestamptz
        and (lease_expires_at is null or lease_expires_at < ${now}::timestamptz)
      order by next_attempt_at
      limit ${options.limit}
      for update skip locked
    )
    returning id, kind, channel, recipient, subject, body, attempt_count, attachment_name,
      attachment_content_type, attachment_content`);
  return result.rows.map((row) => ({
    id: row.id,
    kind: row.kind,
    channel: row.channel,
    recipient: row.recipient,
    subject: row.subject,
    body: row.body,
    attachment:
      row.attachment_name !== null && row.attachment_content !== null
        ? {
            filename: row.attachment_name,
            contentType: row.attachment_content_type ?? "application/octet-stream",
            content: row.attachment_content,
          }
        : null,
    attemptCount: Number(row.attempt_count),
  }));
}

/**
 * Records one attempt, only while `workerId` still holds the lease (a worker whose lease expired must not
 * overwrite what another has since done). An accepted message is `sent` and never claimed again: that, and
 * the lease outlasting the send timeout, is what keeps a retry from sending twice.
 */
export async function recordNotificationAttempt(
  db: Db,
  input: {
    id: string;
    workerId: string;
    now: Date;
    error: string | null;
    /** Delay before the next attempt; null when the schedule is used up. */
    retryInMs: number | null;
  },
): Promise<boolean> {
  const now = input.now.toISOString();
  const status = input.error === null ? "sent" : input.retryInMs === null ? "failed" : "pending";
  const next =
    input.error !== null && input.retryInMs !== null
      ? new Date(input.now.getTime() + input.retryInMs).toISOString()
      : null;
  const result = await db.execute<{ id: string }>(sql`
    update notifications set status = ${status}, attempt_count = attempt_count + 1,
      last_error = ${input.error?.slice(0, 1000) ?? null},
      sent_at = ${status === "sent" ? now : null}::timestamptz,
      next_attempt_at = coalesce(${next}::timestamptz, next_attempt_at),
      lease_owner = null, lease_expires_at = null
    where id = ${input.id} and lease_owner = ${input.workerId} and status = 'pending'
    returning id`);
  return result.rows.length > 0;
}

/** When the next pending notification falls due (null: none pending). */
export async function nextNotificationDueAt(db: Db): Promise<Date | null> {
  const result = await db.execute<{ due: string | Date | null }>(
    sql`select min(next_attempt_at) as due from notifications where status = 'pending'`,
  );
  const due = result.rows[0]?.due;
  return due ? new Date(due) : null;
}
