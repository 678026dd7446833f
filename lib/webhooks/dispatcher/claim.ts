import { type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { executePrepared } from "../../db/prepared";
import { type ClaimedDelivery, type ClaimedRow, toClaimedDelivery } from "./claimed-delivery";

/**
 * Claiming due deliveries (decisions §8). A delivery is eligible when it is pending, due, not leased (or
 * its lease expired: the worker that held it died mid-attempt), its webhook is enabled, and it is the head
 * of its (webhook, subject) queue: no other pending delivery of that pair has a lower event_seq. Only
 * heads being eligible is what gives per-subject order, and it also means at most one delivery of a
 * (webhook, subject) pair is ever claimed at a time, because a claimed head stays pending until its
 * attempt is recorded.
 *
 * The claim is one statement: the eligible rows are locked with `FOR UPDATE SKIP LOCKED` (concurrent
 * workers skip rather than wait for each other) and leased in the same UPDATE.
 */

export type ClaimOptions = {
  workerId: string;
  limit: number;
  leaseMs: number;
  now: Date;
  /**
   * Per-webhook cap on claimed deliveries, counting `busy` (this worker's in-flight attempts per webhook):
   * one slow endpoint then cannot take every slot of the worker.
   */
  maxPerWebhook?: number;
  busy?: ReadonlyMap<string, number>;
  /**
   * Deliveries whose attempt this worker is still running: never claimed, even when their row looks
   * claimable. The attempt's result is committed before the worker has read the reply, so a claim that
   * runs in between on another connection sees a failed attempt's delivery pending, due and unleased;
   * leasing it then would leave it to nobody until the lease expires (the running attempt is its only one).
   */
  inFlight?: readonly string[];
  /** The quick claim's window (CLAIM_WINDOW unless given; tests shrink it to reach the full scan). */
  window?: number;
};

/**
 * The head of every (webhook, subject) queue: its first pending delivery by `(event_seq, id)`. One ordered
 * pass over the partial index of pending deliveries (webhook_deliveries_pending_queue_idx), instead of a
 * probe for an earlier delivery per pending row. `(event_seq, id)` rather than event_seq alone: a resend or
 * replay may add a second delivery of the same event to the same webhook, and the tie-break keeps exactly
 * one head.
 */
const heads = sql`select distinct on (q.webhook_id, q.subject_id)
    q.id, q.webhook_id, q.next_attempt_at, q.lease_expires_at, q.event_seq
  from webhook_deliveries q
  where q.status = 'pending'
  order by q.webhook_id, q.subject_id, q.event_seq, q.id`;

/**
 * Due pending deliveries the quick claim looks at, earliest first (an index scan that stops there). Ties in
 * next_attempt_at are cut arbitrarily at the edge: the head test is exact, only the preference among equally
 * due heads changes.
 */
const CLAIM_WINDOW = 512;

/**
 * Claims up to `limit` due heads. First among the CLAIM_WINDOW earliest-due pending deliveries (cost bounded
 * by the window, not the backlog: with thousands pending, the full scan of every queue's head was most of a
 * delivery's database CPU); when that window held every due delivery the answer is exact. Only when the
 * window was full and yielded too few heads (e.g. a failing webhook's blocked queue fills it) does the full
 * head scan claim the rest, so no webhook waits behind another's backlog.
 */
export async function claimDueDeliveries(db: Db, options: ClaimOptions): Promise<ClaimedDelivery[]> {
  if (options.limit <= 0) return [];
  const windowSize = options.window ?? CLAIM_WINDOW;
  const window = sql`select d.id, d.webhook_id, d.subject_id, d.event_seq, d.next_attempt_at, d.lease_expires_at
    from webhook_deliveries d
    where d.status = 'pending' and d.next_attempt_at <= ${options.now.toISOString()}::timestamptz
    order by d.next_attempt_at
    limit ${windowSize}`;
  // Heads of the window: no earlier pending delivery of the pair (one probe of the pending queue index each).
  const windowHeads = sql`select h.id, h.webhook_id, h.next_attempt_at, h.lease_expires_at, h.event_seq
    from candidates h
    where not exists (select 1 from webhook_deliveries p
      where p.webhook_id = h.webhook_id and p.subject_id = h.subject_id and p.status = 'pending'
        and (p.event_seq, p.id) < (h.event_seq, h.id))`;
  const quick = await claimFrom(
    db,
    options,
    sql`candidates as materialized (${window}), head as (${windowHeads})`,
  );
  const claimed = quick.claimed;
  if (claimed.length < options.limit && quick.windowRows >= windowSize) {
    const busy = new Map(options.busy ?? []);
    for (const d of claimed) busy.set(d.webhookId, (busy.get(d.webhookId) ?? 0) + 1);
    const rest = await claimFrom(
      db,
      { ...options, limit: options.limit - claimed.length, busy },
      sql`candidates as (select 1), head as (${heads})`,
    );
    claimed.push(...rest.claimed);
  }
  return claimed.sort((a, b) => a.eventSeq - b.eventSeq);
}

/** The claim statement over `sources`, CTEs that define `candidates` and `head` (the heads to rank). */
async function claimFrom(
  db: Db,
  options: ClaimOptions,
  sources: SQL,
): Promise<{ claimed: ClaimedDelivery[]; windowRows: number }> {
  const now = options.now.toISOString();
  const leaseExpiresAt = new Date(options.now.getTime() + options.leaseMs).toISOString();
  // A cap no claim can reach when the caller sets none; `busy` travels as one jsonb parameter.
  const cap = options.maxPerWebhook ?? options.limit;
  const busy = JSON.stringify(Object.fromEntries(options.busy ?? []));
  const inFlight = JSON.stringify(options.inFlight ?? []);
  const rows = await executePrepared<ClaimedRow & { window_rows: number }>(
    db,
    sql`
    with ${sources},
    ranked as (
      select h.id, h.webhook_id,
        row_number() over (partition by h.webhook_id order by h.next_attempt_at, h.event_seq) as rn
      from head h
      join webhooks w on w.id = h.webhook_id
      where h.next_attempt_at <= ${now}::timestamptz
        and (h.lease_expires_at is null or h.lease_expires_at < ${now}::timestamptz)
        and w.disabled_at is null
        and not (${inFlight}::jsonb ? h.id)
    ),
    picked as (
      select d.id
      from webhook_deliveries d
      join ranked r on r.id = d.id
      -- Repeated on d itself: when a concurrent worker leased the row after our snapshot, PostgreSQL
      -- re-checks these conditions on the row's new version before locking it, and drops it.
      where d.status = 'pending'
        and (d.lease_expires_at is null or d.lease_expires_at < ${now}::timestamptz)
        and r.rn + coalesce((${busy}::jsonb ->> r.webhook_id)::int, 0) <= ${cap}
      order by d.next_attempt_at, d.event_seq
      limit ${options.limit}
      for update of d skip locked
    ),
    claimed as (
      update webhook_deliveries d
      set lease_owner = ${options.workerId}, lease_expires_at = ${leaseExpiresAt}::timestamptz
      from picked
      where d.id = picked.id
      returning d.id, d.webhook_id, d.event_id, d.subject_id, d.event_seq, d.attempt_count,
        d.lease_owner, d.lease_expires_at
    )
    -- The webhook and the event travel with the claim, so an attempt needs no query before it sends. The
    -- one row of counts carries the window's size even when nothing was claimed.
    select n.window_rows, x.* from (select count(*)::int as window_rows from candidates) n
    left join (
      select c.*, w.url, w.auth_token, w.payload as payload_form, w.signing_secret, w.previous_signing_secret,
        w.previous_signing_secret_expires_at, e.type as event_type, e.topic as event_topic,
        e.created_at as event_created_at, e.payload::text as payload_json, e.payload ->> 'at' as payload_at
      from claimed c
      left join webhooks w on w.id = c.webhook_id
      left join events e on e.id = c.event_id
    ) x on true`,
  );
  return {
    claimed: rows.filter((row) => row.id !== null).map(toClaimedDelivery),
    windowRows: rows[0]?.window_rows ?? 0,
  };
}

/**
 * When the next head becomes claimable: the latest of its next_attempt_at and its lease expiry, over
 * heads of enabled webhooks not in `excludeWebhookIds` (webhooks this worker has no free slot for, whose
 * due heads would otherwise make the dispatcher spin). Null when nothing is pending.
 */
export async function nextDueAt(
  db: Db,
  options: { excludeWebhookIds?: readonly string[] } = {},
): Promise<Date | null> {
  const exclude = JSON.stringify(options.excludeWebhookIds ?? []);
  const rows = await executePrepared<{ due: Date | string | null }>(
    db,
    sql`
    with head as (${heads})
    select min(greatest(h.next_attempt_at, coalesce(h.lease_expires_at, h.next_attempt_at))) as due
    from head h
    join webhooks w on w.id = h.webhook_id
    where w.disabled_at is null and not (${exclude}::jsonb ? h.webhook_id)`,
  );
  const due = rows[0]?.due;
  return due ? new Date(due) : null;
}

/** Gives back leases this worker still holds (on shutdown), so another worker need not wait for expiry. */
export async function releaseLeases(
  db: Db,
  workerId: string,
  deliveryIds: readonly string[],
): Promise<number> {
  if (deliveryIds.length === 0) return 0;
  const ids = JSON.stringify(deliveryIds);
  const rows = await executePrepared<{ id: string }>(
    db,
    sql`
    update webhook_deliveries
    set lease_owner = null, lease_expires_at = null
    where lease_owner = ${workerId} and status = 'pending'
      and id in (select jsonb_array_elements_text(${ids}::jsonb))
    returning id`,
  );
  return rows.length;
}
