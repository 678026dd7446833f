import { and, asc, eq } from "drizzle-orm";
import type { Db } from "../../db";
import { returnTags } from "../../db/schema";
import type { Tag } from "../../schemas/returns";
import type { Actor } from "../actor";
import { NotFoundError } from "../errors";
import { recordReturnEvent } from "../events/record";
import { ensureCatalogueTag } from "../return-tags/catalogue";
import { recordReturnActivities } from "./activities";
import { lockReturn, returnInStores, touchReturn } from "./write";

/** Tags put on by people (a session or an API secret); rules use `rule`. */
export const STAFF_TAG_SOURCE = "staff";

type TagChange = { storeId: string; returnId: string; name: string; actor: Actor };

/** A return's tags, oldest first. NotFound when the return is not in one of `storeIds`. */
export async function listReturnTags(
  db: Db,
  input: { returnId: string; storeIds: readonly string[] },
): Promise<Tag[]> {
  const row = await db.query.returns.findFirst({
    columns: { id: true },
    where: returnInStores(input),
    with: {
      tags: {
        columns: { name: true, source: true },
        orderBy: [asc(returnTags.createdAt), asc(returnTags.name)],
      },
    },
  });
  if (!row) throw new NotFoundError("return", input.returnId);
  return row.tags;
}

/**
 * Puts a tag on a return. A tag it already has is left as it is (`added: false`: nothing written, no
 * event); otherwise, after the row lock: the tag, `updatedAt`, the activity and a `return` `updated` event.
 * A name the store's catalogue lacks joins it (the picker's "create tag"), so the catalogue holds every tag in use.
 */
export async function addReturnTag(db: Db, input: TagChange): Promise<{ tag: Tag; added: boolean }> {
  return db.transaction(async (tx) => {
    await lockReturn(tx, input);
    await ensureCatalogueTag(tx, { storeId: input.storeId, name: input.name });
    const inserted = await tx
      .insert(returnTags)
      .values({ returnId: input.returnId, name: input.name, source: STAFF_TAG_SOURCE })
      .onConflictDoNothing()
      .returning({ name: returnTags.name, source: returnTags.source });
    const added = inserted[0];
    if (added) {
      await recordTagChange(tx, input, "tag_added");
      return { tag: added, added: true };
    }
    const [existing] = await tx
      .select({ name: returnTags.name, source: returnTags.source })
      .from(returnTags)
      .where(and(eq(returnTags.returnId, input.returnId), eq(returnTags.name, input.name)));
    if (!existing) throw new Error("the tag was neither inserted nor found");
    return { tag: existing, added: false };
  });
}

/** Takes a tag off a return; a tag it does not have changes nothing (`removed: false`, no event). */
export async function removeReturnTag(db: Db, input: TagChange): Promise<{ removed: boolean }> {
  return db.transaction(async (tx) => {
    await lockReturn(tx, input);
    const deleted = await tx
      .delete(returnTags)
      .where(and(eq(returnTags.returnId, input.returnId), eq(returnTags.name, input.name)))
      .returning({ name: returnTags.name });
    if (deleted.length === 0) return { removed: false };
    await recordTagChange(tx, input, "tag_removed");
    return { removed: true };
  });
}

async function recordTagChange(tx: Db, input: TagChange, kind: "tag_added" | "tag_removed"): Promise<void> {
  await touchReturn(tx, input.returnId);
  await recordReturnActivities(tx, {
    returnId: input.returnId,
    actor: input.actor,
    activities: [{ kind, details: { name: input.name } }],
  });
  await recordReturnEvent(tx, { storeId: input.storeId, returnId: input.returnId, type: "updated" });
}
