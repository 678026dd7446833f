import { and, asc, eq, inArray, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { returns, returnTags, storeReturnTags } from "../../db/schema";
import type { PillTheme, ReturnTagSource } from "../../enums";
import type { CatalogueTag } from "../../schemas/return-tag-catalogue";
import type { Actor } from "../actor";
import { DomainError } from "../errors";
import { recordReturnEvent } from "../events/record";
import { recordReturnActivities } from "../returns/activities";
import { touchReturn } from "../returns/write";

/**
 * The store's return-tag catalogue (published Return tags operations). Every name on a return is in its
 * store's catalogue: a rename follows onto the returns, and a delete strips the tag from them, as the
 * package's Return tag delete says; each return changed that way gets its activity and `updated` event.
 */

/** Published 400 `return-tag/rename-precondition-failed`: no tag to rename, or the new name is taken. */
class RenamePreconditionError extends DomainError {
  readonly status = 400;
  readonly code = "return-tag/rename-precondition-failed";
}

type CatalogueRow = typeof storeReturnTags.$inferSelect;

const columns = {
  name: storeReturnTags.name,
  pillTheme: storeReturnTags.pillTheme,
  source: storeReturnTags.source,
};

function toCatalogueTag(row: Pick<CatalogueRow, "name" | "pillTheme" | "source">): CatalogueTag {
  return {
    name: row.name,
    kind: "return",
    pillTheme: row.pillTheme as PillTheme,
    source: row.source as ReturnTagSource,
    numericId: null,
  };
}

export async function listCatalogueTags(db: Db, storeId: string): Promise<CatalogueTag[]> {
  const rows = await db
    .select(columns)
    .from(storeReturnTags)
    .where(eq(storeReturnTags.storeId, storeId))
    .orderBy(asc(sql`lower(${storeReturnTags.name})`), asc(storeReturnTags.name));
  return rows.map(toCatalogueTag);
}

/** Puts a name in the catalogue if it is not there yet (a tag put on a return by name). */
export async function ensureCatalogueTag(
  tx: Db,
  input: { storeId: string; name: string; source?: ReturnTagSource },
): Promise<void> {
  await tx
    .insert(storeReturnTags)
    .values({ storeId: input.storeId, name: input.name, source: input.source ?? "merchant" })
    .onConflictDoNothing();
}

type UpsertInput = { storeId: string; name: string; pillTheme: PillTheme; newName?: string; actor: Actor };

/**
 * Return tag upsert: creates the tag or sets its colour (one `insert … on conflict`, so racing creators
 * meet the key); with a different `newName`, renames it and every return carrying it.
 */
export async function upsertCatalogueTag(db: Db, input: UpsertInput): Promise<CatalogueTag> {
  const { newName } = input;
  if (newName !== undefined && newName !== input.name) return renameCatalogueTag(db, { ...input, newName });
  const [row] = await db
    .insert(storeReturnTags)
    .values({ storeId: input.storeId, name: input.name, pillTheme: input.pillTheme })
    .onConflictDoUpdate({
      target: [storeReturnTags.storeId, storeReturnTags.name],
      set: { pillTheme: input.pillTheme, updatedAt: sql`now()` },
    })
    .returning(columns);
  if (!row) throw new Error("the tag upsert returned no row");
  return toCatalogueTag(row);
}

async function renameCatalogueTag(db: Db, input: UpsertInput & { newName: string }): Promise<CatalogueTag> {
  const { storeId, name, newName } = input;
  return db.transaction(async (tx) => {
    const [source] = await tx
      .select()
      .from(storeReturnTags)
      .where(and(eq(storeReturnTags.storeId, storeId), eq(storeReturnTags.name, name)))
      .for("update");
    if (!source) {
      throw new RenamePreconditionError(`The store has no return tag ${JSON.stringify(name)} to rename.`);
    }
    const [renamed] = await tx
      .insert(storeReturnTags)
      .values({ ...source, name: newName, pillTheme: input.pillTheme, updatedAt: sql`now()` })
      .onConflictDoNothing()
      .returning(columns);
    if (!renamed) {
      throw new RenamePreconditionError(`The store already has a return tag ${JSON.stringify(newName)}.`);
    }
    await tx
      .delete(storeReturnTags)
      .where(and(eq(storeReturnTags.storeId, storeId), eq(storeReturnTags.name, name)));
    const changed = await tx
      .update(returnTags)
      .set({ name: newName })
      .where(and(eq(returnTags.name, name), inArray(returnTags.returnId, returnsOf(tx, storeId))))
      .returning({ returnId: returnTags.returnId });
    await recordOnReturns(tx, input, changed, [
      { kind: "tag_removed", details: { name } },
      { kind: "tag_added", details: { name: newName } },
    ]);
    return toCatalogueTag(renamed);
  });
}

/**
 * Return tag delete: the tag leaves the catalogue and every return of the store that carried it (the
 * package's rule). A name the catalogue does not have answers the same: the caller's wish already holds.
 */
export async function deleteCatalogueTag(
  db: Db,
  input: { storeId: string; name: string; actor: Actor },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .delete(storeReturnTags)
      .where(and(eq(storeReturnTags.storeId, input.storeId), eq(storeReturnTags.name, input.name)));
    const stripped = await tx
      .delete(returnTags)
      .where(and(eq(returnTags.name, input.name), inArray(returnTags.returnId, returnsOf(tx, input.storeId))))
      .returning({ returnId: returnTags.returnId });
    await recordOnReturns(tx, input, stripped, [{ kind: "tag_removed", details: { name: input.name } }]);
  });
}

function returnsOf(tx: Db, storeId: string) {
  return tx.select({ id: returns.id }).from(returns).where(eq(returns.storeId, storeId));
}

/** Each changed return, in id order (a fixed lock order): `updatedAt`, its activities, an `updated` event. */
async function recordOnReturns(
  tx: Db,
  input: { storeId: string; actor: Actor },
  changed: { returnId: string }[],
  activities: { kind: "tag_added" | "tag_removed"; details: { name: string } }[],
): Promise<void> {
  const returnIds = [...new Set(changed.map((row) => row.returnId))].sort();
  for (const returnId of returnIds) {
    await touchReturn(tx, returnId);
    await recordReturnActivities(tx, { returnId, actor: input.actor, activities });
    await recordReturnEvent(tx, { storeId: input.storeId, returnId, type: "updated" });
  }
}

/** The demo loader's catalogue: every tag name the stores' returns carry (as migration 0029 backfills). */
export async function catalogueTagsInUse(tx: Db, storeIds: readonly string[]): Promise<void> {
  if (storeIds.length === 0) return;
  await tx.execute(sql`
    insert into store_return_tags (store_id, name, source, created_at, updated_at)
    select r.store_id, t.name, case when bool_and(t.source = 'rule') then 'flow' else 'merchant' end,
           min(t.created_at), min(t.created_at)
    from return_tags t join returns r on r.id = t.return_id
    where r.store_id in (${sql.join(
      storeIds.map((id) => sql`${id}`),
      sql`, `,
    )})
    group by r.store_id, t.name
    on conflict do nothing`);
}
