import { sql } from "drizzle-orm";
import type { Db } from "../../db";
import type { NotificationKind } from "../../enums";
import { DISABLE_AFTER_MS } from "../dispatcher/attempt";
import { enqueueNotifications, type NotificationInput } from "./enqueue";

/** The warning before a webhook is disabled comes this long before it would be. */
export const WARN_BEFORE_DISABLE_MS = 24 * 60 * 60 * 1000;
/** A streak is worth an e-mail from this many failures in a row (one timeout is not news). */
export const FAILING_AFTER_FAILURES = 3;

export type WebhookWarningOptions = {
  now: Date;
  /** The app's address, for the link to the webhook's page. */
  publicUrl: string;
  /** Whether e-mail is configured: without it only the chat URL (if any) hears of it. */
  email: boolean;
  disableAfterMs?: number;
  failingAfterFailures?: number;
  /**
   * The domain's door for alert occasions (lib/domain/alerts/deliver.ts `deliverAlert`, handed in by run.ts
   * so the engine does not import the domain): each admin then hears of a warning as they chose for the
   * `webhook` source (at once, in the digest, or not by e-mail; quiet hours), and the chat URL per the store
   * default. Without it (tests of the watch alone), every admin is e-mailed and the chat URL told.
   */
  deliver?: (db: Db, occasion: WarningOccasion, options: { email: boolean; now: Date }) => Promise<number>;
};

/** A warning as an alert occasion (the shape of the domain's `AlertOccasion`). */
export type WarningOccasion = {
  storeId: string;
  source: "webhook";
  ruleId: string;
  state: "firing" | "cleared";
  kind: NotificationKind;
  occasionKey: string;
  subject: string;
  body: string;
  link: string;
  count: null;
  audience: readonly string[];
};

type WebhookRow = {
  id: string;
  store_id: string;
  store_name: string;
  url: string;
  consecutive_failures: number;
  failing_since: string | Date | null;
  disabled_at: string | Date | null;
  last_failure_at: string | Date | null;
};

/**
 * Finds webhooks at a warning threshold and enqueues one notice per occasion and recipient (the store's
 * admins by e-mail, the store's chat URL): a failure streak starting, 24 h before the streak would disable
 * the webhook, the webhook disabled, and a warned streak ending in a success. Each occasion's dedupe key is
 * the webhook and its streak's start, so a threshold is told once however often this runs; a new streak
 * is a new occasion. Runs on the notification worker's watch, reading the health the dispatcher records
 * (lib/webhooks/dispatcher/attempt.ts), so nothing is added to the attempt's own statement.
 */
export async function enqueueWebhookWarnings(db: Db, options: WebhookWarningOptions): Promise<number> {
  const disableAfterMs = options.disableAfterMs ?? DISABLE_AFTER_MS;
  const failingAfter = options.failingAfterFailures ?? FAILING_AFTER_FAILURES;
  const warnAt = new Date(options.now.getTime() - (disableAfterMs - WARN_BEFORE_DISABLE_MS)).toISOString();
  const unhealthy = await db.execute<WebhookRow>(sql`
    select w.id, w.store_id, s.name as store_name, w.url, w.consecutive_failures, w.failing_since,
      w.disabled_at, w.last_failure_at
    from webhooks w join stores s on s.id = w.store_id
    where w.failing_since is not null
      and (w.disabled_at is not null or w.consecutive_failures >= ${failingAfter}
        or w.failing_since <= ${warnAt}::timestamptz)`);
  const recovered = await db.execute<WebhookRow & { failing_key: string }>(sql`
    select w.id, w.store_id, s.name as store_name, w.url, w.consecutive_failures, w.failing_since,
      w.disabled_at, w.last_failure_at, n.dedupe_key as failing_key
    from notifications n
    join webhooks w on w.id = n.subject_id
    join stores s on s.id = w.store_id
    where n.kind = 'webhook_failing' and w.failing_since is null and w.disabled_at is null
      and w.last_success_at > n.created_at
      and not exists (select 1 from notifications r where r.kind = 'webhook_recovered'
        and r.subject_id = n.subject_id
        and r.dedupe_key = left(n.dedupe_key, length(n.dedupe_key) - length(':failing')) || ':recovered')`);

  const occasions: { row: WebhookRow; kind: NotificationKind; streak: string }[] = [];
  for (const row of unhealthy.rows) {
    const streak = `webhook:${row.id}:${new Date(row.failing_since as string).getTime()}`;
    if (row.disabled_at) {
      occasions.push({ row, kind: "webhook_disabled", streak });
      continue;
    }
    if (Number(row.consecutive_failures) >= failingAfter)
      occasions.push({ row, kind: "webhook_failing", streak });
    if (new Date(row.failing_since as string).toISOString() <= warnAt)
      occasions.push({ row, kind: "webhook_disable_soon", streak });
  }
  for (const row of recovered.rows) {
    occasions.push({ row, kind: "webhook_recovered", streak: row.failing_key.replace(/:failing$/, "") });
  }
  if (occasions.length === 0) return 0;

  const storeIds = [...new Set(occasions.map((o) => o.row.store_id))];
  const deliver = options.deliver;
  if (deliver) {
    const admins = await storeAdmins(db, storeIds);
    let told = 0;
    for (const occasion of occasions) {
      const message = warningMessage(occasion.kind, occasion.row, options.publicUrl, disableAfterMs);
      told += await deliver(
        db,
        {
          storeId: occasion.row.store_id,
          source: "webhook",
          ruleId: occasion.row.id,
          state: occasion.kind === "webhook_recovered" ? "cleared" : "firing",
          kind: occasion.kind,
          occasionKey: `${occasion.streak}:${occasion.kind.replace(/^webhook_/, "")}`,
          subject: message.subject,
          body: message.body,
          link: message.link,
          count: null,
          audience: admins.get(occasion.row.store_id) ?? [],
        },
        { email: options.email, now: options.now },
      );
    }
    return told;
  }
  const audience = await storeAudiences(db, storeIds, options.email);
  const inputs: NotificationInput[] = [];
  for (const occasion of occasions) {
    const message = warningMessage(occasion.kind, occasion.row, options.publicUrl, disableAfterMs);
    const recipients = audience.get(occasion.row.store_id) ?? [];
    for (const recipient of recipients) {
      inputs.push({
        storeId: occasion.row.store_id,
        kind: occasion.kind,
        channel: recipient.channel,
        recipient: recipient.address,
        subject: message.subject,
        body: message.body,
        subjectId: occasion.row.id,
        dedupeKey: `${occasion.streak}:${occasion.kind.replace(/^webhook_/, "")}`,
      });
    }
  }
  return (await enqueueNotifications(db, inputs)).length;
}

/** Each store's admins (user ids): who hears of its webhooks' warnings. */
async function storeAdmins(db: Db, storeIds: string[]): Promise<Map<string, string[]>> {
  const ids = sql.join(
    storeIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await db.execute<{ store_id: string; user_id: string }>(sql`
    select store_id, user_id from store_memberships where role = 'admin' and store_id in (${ids})`);
  const byStore = new Map<string, string[]>();
  for (const row of rows.rows) byStore.set(row.store_id, [...(byStore.get(row.store_id) ?? []), row.user_id]);
  return byStore;
}

type Recipient = { channel: "email" | "chat"; address: string };

/** Each store's admins (by e-mail, when e-mail is configured) and its chat URL, if set. */
async function storeAudiences(db: Db, storeIds: string[], email: boolean): Promise<Map<string, Recipient[]>> {
  const ids = sql.join(
    storeIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const rows = await db.execute<{ store_id: string; channel: "email" | "chat"; address: string }>(sql`
    select m.store_id, 'email' as channel, u.email as address
    from store_memberships m join staff_users u on u.id = m.user_id
    where m.role = 'admin' and m.store_id in (${ids}) and ${email}
    union all
    select store_id, 'chat' as channel, chat_webhook_url as address
    from store_notification_settings where store_id in (${ids}) and chat_webhook_url is not null`);
  const byStore = new Map<string, Recipient[]>();
  for (const row of rows.rows) {
    const list = byStore.get(row.store_id) ?? [];
    list.push({ channel: row.channel, address: row.address });
    byStore.set(row.store_id, list);
  }
  return byStore;
}

function warningMessage(
  kind: NotificationKind,
  row: WebhookRow,
  publicUrl: string,
  disableAfterMs: number,
): { subject: string; body: string; link: string } {
  const link = `${publicUrl}/stores/${row.store_id}/settings/webhooks/${row.id}`;
  const since = row.failing_since ? new Date(row.failing_since).toISOString() : "";
  const days = Math.round(disableAfterMs / (24 * 60 * 60 * 1000));
  const lines: Record<string, [string, string]> = {
    webhook_failing: [
      `Webhook failing: ${row.url}`,
      `The webhook ${row.url} of ${row.store_name} has failed ${row.consecutive_failures} times in a row since ${since}. ` +
        `Deliveries are retried; if it fails without a success for ${days} days it is disabled.`,
    ],
    webhook_disable_soon: [
      `Webhook will be disabled in 24 hours: ${row.url}`,
      `The webhook ${row.url} of ${row.store_name} has been failing since ${since}. ` +
        "Unless a delivery succeeds within 24 hours it will be disabled.",
    ],
    webhook_disabled: [
      `Webhook disabled: ${row.url}`,
      `The webhook ${row.url} of ${row.store_name} was disabled after failing since ${since}. ` +
        "Its events are kept; enable it again on its page once the endpoint answers.",
    ],
    webhook_recovered: [
      `Webhook recovered: ${row.url}`,
      `The webhook ${row.url} of ${row.store_name} is delivering again.`,
    ],
  };
  const [subject, text] = lines[kind] ?? [`Webhook: ${row.url}`, ""];
  return { subject, body: `${text}\n\n${link}\n`, link };
}
