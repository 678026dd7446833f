import { sql } from "drizzle-orm";
import type { Db } from "../../db";
import type { LabelSubjectType } from "../../enums/labels";
import type { LabelPrint } from "../../schemas/labels";
import type { KeysetPosition } from "../paging";

/**
 * One object's prints, newest first, a page at a time (label_prints_subject_idx): the print dialog's "printed
 * before", and the prints the shipment's timeline, the item's stock history and the location card show among
 * their own entries (docs/labels.md).
 */
export async function listLabelPrints(
  db: Db,
  input: {
    storeId: string;
    subjectType: LabelSubjectType;
    subjectId: string;
    limit: number;
    after?: KeysetPosition;
  },
): Promise<{ prints: LabelPrint[]; next?: KeysetPosition }> {
  const { rows } = await db.execute<{
    id: string;
    format: LabelPrint["format"];
    size: LabelPrint["size"];
    label_count: number;
    actor_kind: LabelPrint["actor"]["kind"];
    actor_name: string;
    created_at: string;
  }>(sql`
    select id, format, size, label_count, actor_kind, actor_name, to_json(created_at) #>> '{}' as created_at
    from label_prints
    where store_id = ${input.storeId} and subject_type = ${input.subjectType} and subject_id = ${input.subjectId}
      ${input.after ? sql`and (created_at, id) < (${input.after.updatedAt.toISOString()}::timestamptz, ${input.after.id})` : sql``}
    order by created_at desc, id desc
    limit ${input.limit + 1}`);
  const page = rows.slice(0, input.limit);
  const last = page.at(-1);
  return {
    prints: page.map((row) => ({
      id: row.id,
      format: row.format,
      size: row.size,
      count: row.label_count,
      actor: { kind: row.actor_kind, name: row.actor_name },
      printed_at: new Date(row.created_at).toISOString(),
    })),
    ...(rows.length > input.limit && last
      ? { next: { updatedAt: new Date(last.created_at), id: last.id } }
      : {}),
  };
}
