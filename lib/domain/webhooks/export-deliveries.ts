import { sql } from "drizzle-orm";
import type { Db } from "../../db";
import type { DeliveryStatus } from "../../enums";

/**
 * A webhook's delivery log as CSV rows, for the Export button of the deliveries list (docs/csv.md): one
 * row per delivery, newest first like the list, with its last attempt's outcome; a batch at a time by
 * keyset on (created_at, id). The webhook's store is checked by the route before anything is read.
 */

export const DELIVERY_EXPORT_COLUMNS = [
  "id",
  "event_id",
  "event_type",
  "topic",
  "subject_id",
  "trigger",
  "status",
  "attempt_count",
  "created_at",
  "last_attempt_at",
  "next_attempt_at",
  "completed_at",
  "last_response_status",
  "last_error",
  "last_duration_ms",
] as const;

type ExportRow = Record<(typeof DELIVERY_EXPORT_COLUMNS)[number], string | number | null> & {
  position_created_at: string;
};

const iso = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

export async function* deliveryExportRows(
  db: Db,
  filters: { webhookId: string; status?: DeliveryStatus },
  batchSize = 1000,
): AsyncGenerator<(string | number | null)[][]> {
  let after: { createdAt: string; id: string } | undefined;
  for (;;) {
    const { rows } = await db.execute<ExportRow>(sql`
      select d.id, d.event_id, e.type::text as event_type, e.topic::text as topic, d.subject_id, d.trigger,
        d.status::text as status, d.attempt_count, ${iso("d.created_at")} as created_at,
        ${iso("d.last_attempt_at")} as last_attempt_at,
        case when d.status = 'pending' then ${iso("d.next_attempt_at")} end as next_attempt_at,
        ${iso("d.completed_at")} as completed_at,
        a.response_status as last_response_status, a.error as last_error, a.duration_ms as last_duration_ms,
        d.created_at::text as position_created_at
      from webhook_deliveries d
      join events e on e.id = d.event_id
      left join lateral (
        select response_status, error, duration_ms from delivery_attempts
        where delivery_id = d.id order by attempt_number desc limit 1
      ) a on true
      where d.webhook_id = ${filters.webhookId}
        ${filters.status ? sql`and d.status = ${filters.status}` : sql``}
        ${after ? sql`and (d.created_at, d.id) < (${after.createdAt}::timestamptz, ${after.id})` : sql``}
      order by d.created_at desc, d.id desc
      limit ${batchSize}`);
    if (rows.length === 0) return;
    yield rows.map((row) => DELIVERY_EXPORT_COLUMNS.map((column) => row[column]));
    const last = rows.at(-1) as ExportRow;
    after = { createdAt: last.position_created_at, id: last.id as string };
    if (rows.length < batchSize) return;
  }
}
