import { type SQL, sql } from "drizzle-orm";
import { readConfig } from "../../config";
import type { Db } from "../../db";
import { returns } from "../../db/schema";
import type { ReturnTimelineEntry } from "../../schemas/return-timeline";
import { NotFoundError } from "../errors";
import { imageUrl } from "../images/stored";
import type { KeysetPosition } from "../paging";
import { returnInStores } from "./write";

/** Who a webhook attempt is by: the delivery engine, not a person. */
export const TIMELINE_SYSTEM_NAME = "Backroom";

type Row = {
  id: string;
  /** ISO text (`to_json`), so both drivers hand back the same thing. */
  at: string;
  kind: ReturnTimelineEntry["kind"];
  actor_kind: ReturnTimelineEntry["actor"]["kind"];
  actor_name: string;
  details: Record<string, unknown>;
};

/**
 * `GET /returns/{returnId}/timeline`: everything that happened to a return, oldest first, a page at a
 * time. Two statements: the return (404 unless it is in one of `storeIds`), then one UNION ALL of its
 * sources, each branch ordered and limited on its own index (return_activities_return_idx,
 * return_comments_return_idx, label_prints_subject_idx, events_subject_idx -> deliveries -> attempts) and resumed strictly after
 * `after` by the keyset (at, id), so a page never reads more than `limit + 1` rows per source. The ids
 * carry their table's prefix (ret_, rac_, cmt_, lbp_, att_), so (at, id) is a total order across sources.
 */
export async function listReturnTimeline(
  db: Db,
  input: { returnId: string; storeIds: readonly string[]; limit: number; after?: KeysetPosition },
): Promise<{ entries: ReturnTimelineEntry[]; next?: KeysetPosition }> {
  const [found] = await db.select({ storeId: returns.storeId }).from(returns).where(returnInStores(input));
  if (!found) throw new NotFoundError("return", input.returnId);

  const returnId = input.returnId;
  const take = input.limit + 1;
  const after = (at: SQL, id: SQL) =>
    input.after
      ? sql`and (${at}, ${id}) > (${input.after.updatedAt.toISOString()}::timestamptz, ${input.after.id})`
      : sql``;

  const { rows } = await db.execute<Row>(sql`
    select t.id, to_json(t.at) #>> '{}' as at, t.kind, t.actor_kind, t.actor_name, t.details from (
      (select r.id, r.created_at as at, 'created' as kind,
          case
            when r.internal_created_by_name is null then 'customer'
            -- The row keeps only the creator's name: an API secret of the store by that name made it.
            when exists (select 1 from api_keys k where k.store_id = r.store_id
                         and k.name = r.internal_created_by_name) then 'api_secret'
            else 'staff'
          end as actor_kind,
          coalesce(r.internal_created_by_name, trim(r.source_given_name || ' ' || r.source_surname)) as actor_name,
          jsonb_build_object('type', r.type) as details
        from returns r where r.id = ${returnId} ${after(sql`r.created_at`, sql`r.id`)})
      union all
      (select a.id, a.at, a.kind::text, a.actor_kind::text, a.actor_name,
          case when l.name is null then a.details
               else a.details || jsonb_build_object('locationName', l.name) end
        from return_activities a
        left join locations l on l.id = a.details ->> 'locationId' and l.store_id = ${found.storeId}
        where a.return_id = ${returnId} ${after(sql`a.at`, sql`a.id`)}
        order by a.at, a.id limit ${take})
      union all
      (select c.id, c.created_at, 'comment',
          case when c.author_user_id is not null then 'staff'
               when c.author_api_key_id is not null then 'api_secret'
               else 'customer' end,
          c.author_name,
          jsonb_strip_nulls(jsonb_build_object('message', c.message, 'imageId', c.image_id))
        from return_comments c
        where c.return_id = ${returnId} ${after(sql`c.created_at`, sql`c.id`)}
        order by c.created_at, c.id limit ${take})
      union all
      (select p.id, p.created_at, 'labels_printed', p.actor_kind::text, p.actor_name,
          jsonb_build_object('format', p.format, 'size', p.size, 'count', p.label_count,
            'itemIds', coalesce(p.details -> 'itemIds', '[]'::jsonb))
        from label_prints p
        where p.store_id = ${found.storeId} and p.subject_type = 'return' and p.subject_id = ${returnId}
          ${after(sql`p.created_at`, sql`p.id`)}
        order by p.created_at, p.id limit ${take})
      union all
      (select x.id, x.attempted_at, 'webhook_delivery', 'system', ${TIMELINE_SYSTEM_NAME}::text,
          jsonb_build_object(
            'deliveryId', d.id, 'webhookId', d.webhook_id, 'eventId', e.id, 'eventType', e.type,
            'attempt', x.attempt_number, 'responseStatus', x.response_status, 'error', x.error,
            -- The engine's own verdict: the delivery is delivered and this was its last attempt.
            'result', case when d.status = 'delivered' and x.attempt_number = d.attempt_count
                           then 'delivered' else 'failed' end,
            'final', d.status <> 'pending' and x.attempt_number = d.attempt_count)
        from events e
        join webhook_deliveries d on d.event_id = e.id
        join delivery_attempts x on x.delivery_id = d.id
        where e.subject_id = ${returnId} and e.store_id = ${found.storeId} and e.topic = 'return'
          ${after(sql`x.attempted_at`, sql`x.id`)}
        order by x.attempted_at, x.id limit ${take})
    ) t
    order by t.at, t.id
    limit ${take}`);

  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  const publicUrl = readConfig().publicUrl;
  return {
    entries: page.map((row) => toEntry(row, publicUrl)),
    ...(rows.length > input.limit && last ? { next: { updatedAt: new Date(last.at), id: last.id } } : {}),
  };
}

/** A row as the API shows it: the timestamp in UTC, a comment's image as the URL it is served at. */
function toEntry(row: Row, publicUrl: string): ReturnTimelineEntry {
  const base = {
    id: row.id,
    at: new Date(row.at).toISOString(),
    actor: { kind: row.actor_kind, name: row.actor_name },
  };
  if (row.kind === "comment") {
    const { imageId, message } = row.details as { imageId?: string; message?: string };
    return {
      ...base,
      kind: "comment",
      details: imageId ? { image: imageUrl(imageId, publicUrl) } : { message: message ?? "" },
    };
  }
  // The other kinds' details are written by this code base in their published shape
  // (ReturnActivityDetails and the SQL above); the contract's response schema checks them in tests.
  return { ...base, kind: row.kind, details: row.details } as ReturnTimelineEntry;
}
