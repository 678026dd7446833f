import { sql } from "drizzle-orm";
import type { Db } from "../../db";
import type { LabelFormat, LabelSize } from "../../enums/labels";
import { newId } from "../../ids";
import { isThermalSize, renderLabelsPdf, renderLabelsZpl } from "../../labels";
import type { Actor } from "../actor";
import { ValidationError } from "../errors";
import { checkCount, LABEL_SUBJECTS, type LabelRequest } from "./subjects";

export type PrintedLabels = {
  body: Uint8Array | string;
  contentType: "application/pdf" | "text/plain; charset=utf-8";
  filename: string;
  count: number;
};

/**
 * Prints labels for one object of the store (docs/labels.md): loads what to print (404 for another store's
 * object), gives return items their license plates, and records the print (who, format, size, count) in
 * `label_prints`, all in one transaction; then draws the file after the commit, so the database is never
 * held while a few thousand labels are drawn. A print is recorded even if the caller never opens the file:
 * what was handed out is what the timeline shows.
 */
export async function printLabels(
  db: Db,
  input: { storeId: string; request: LabelRequest; format: LabelFormat; size: LabelSize; actor: Actor },
): Promise<PrintedLabels> {
  const { format, size, request } = input;
  if (format === "zpl" && !isThermalSize(size)) {
    throw new ValidationError("label", [
      { path: "size", message: "ZPL prints on a thermal roll: choose 4x6 or 2x1 (sheets are PDF only)." },
    ]);
  }
  const labels = await db.transaction(async (tx) => {
    const load = LABEL_SUBJECTS[request.type] as (
      tx: Db,
      storeId: string,
      request: LabelRequest,
    ) => ReturnType<(typeof LABEL_SUBJECTS)[typeof request.type]>;
    const loaded = await load(tx, input.storeId, request);
    checkCount(loaded.labels.length, "copies");
    if (loaded.labels.length > 0) {
      const actorKind = input.actor.userId ? "staff" : input.actor.apiKeyId ? "api_secret" : "system";
      await tx.execute(sql`
        insert into label_prints (id, store_id, subject_type, subject_id, format, size, label_count,
          actor_kind, actor_id, actor_name, details)
        values (${newId("labelPrint")}, ${input.storeId}, ${request.type}, ${request.id}, ${format}, ${size},
          ${loaded.labels.length}, ${actorKind}, ${input.actor.userId ?? input.actor.apiKeyId ?? null},
          ${input.actor.name}, ${JSON.stringify(loaded.details)}::jsonb)`);
    }
    return loaded.labels;
  });
  const filename = `labels-${request.id}.${format}`;
  if (format === "zpl" && isThermalSize(size)) {
    return {
      body: renderLabelsZpl(labels, size),
      contentType: "text/plain; charset=utf-8",
      filename,
      count: labels.length,
    };
  }
  return {
    body: await renderLabelsPdf(labels, size),
    contentType: "application/pdf",
    filename,
    count: labels.length,
  };
}
