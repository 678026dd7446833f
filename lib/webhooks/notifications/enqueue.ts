import type { Db } from "../../db";
import { notifications } from "../../db/schema";
import type { NotificationChannel, NotificationKind } from "../../enums";
import { newId } from "../../ids";
import { notifyNotificationWorkersSql, wakeNotificationWorkers } from "./wakeups";

/** One message to one recipient on one channel, as the outbox stores it. */
export type NotificationInput = {
  storeId: string | null;
  kind: NotificationKind;
  channel: NotificationChannel;
  /** An e-mail address (`email`) or an incoming-webhook URL (`chat`). */
  recipient: string;
  subject: string;
  body: string;
  /** What it is about (a webhook's id for its warnings), for the history page and later alerts. */
  subjectId?: string | null;
  /**
   * The occasion: a second enqueue of the same key for the same channel and recipient inserts nothing,
   * so "warn once per failure streak" is a unique index, not a check-then-insert race.
   */
  dedupeKey?: string | null;
  /** Not sent before this instant (quiet hours hold an instant notice until they end); default now. */
  notBefore?: Date;
  /** A file sent with an e-mail (a scheduled report's CSV); the chat channel ignores it. */
  attachment?: NotificationAttachment | null;
};

/** A text file attached to an e-mail, kept on the outbox row until it is sent. */
export type NotificationAttachment = { filename: string; contentType: string; content: string };

/**
 * The one door into the notification outbox: call it inside the transaction of what caused the message, so
 * a rollback sends nothing and a commit cannot lose it. Returns the ids inserted (a duplicate occasion
 * yields none). Workers are woken when the transaction commits: other processes' by NOTIFY (PostgreSQL),
 * this process's by an event a tick later (see wakeups.ts).
 */
export async function enqueueNotifications(db: Db, inputs: readonly NotificationInput[]): Promise<string[]> {
  if (inputs.length === 0) return [];
  const rows = await db
    .insert(notifications)
    .values(
      inputs.map((input) => ({
        id: newId("notification"),
        storeId: input.storeId,
        kind: input.kind,
        channel: input.channel,
        recipient: input.recipient,
        subject: input.subject,
        body: input.body,
        subjectId: input.subjectId ?? null,
        dedupeKey: input.dedupeKey ?? null,
        ...(input.notBefore ? { nextAttemptAt: input.notBefore } : {}),
        attachmentName: input.attachment?.filename ?? null,
        attachmentContentType: input.attachment?.contentType ?? null,
        attachmentContent: input.attachment?.content ?? null,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: notifications.id });
  if (rows.length === 0) return [];
  await db.execute(notifyNotificationWorkersSql);
  // A wake-up before commit finds nothing new and the rows wait for the next poll; so also wake after a tick.
  setTimeout(wakeNotificationWorkers, 50).unref?.();
  return rows.map((row) => row.id);
}
