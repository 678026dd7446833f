import { sql } from "drizzle-orm";
import type { Db } from "../../db";
import type { LabelSubjectType } from "../../enums/labels";
import type { LabelPrint } from "../../schemas/labels";

/** The latest prints of one object of the store, newest first (the print control's "last printed" list). */
export async function listLabelPrints(
  db: Db,
  input: { storeId: string; subjectType: LabelSubjectType; subjectId: string; limit: number },
): Promise<LabelPrint[]> {
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
    order by created_at desc, id desc
    limit ${input.limit}`);
  return rows.map((row) => ({
    id: row.id,
    format: row.format,
    size: row.size,
    count: row.label_count,
    actor: { kind: row.actor_kind, name: row.actor_name },
    printed_at: new Date(row.created_at).toISOString(),
  }));
}
