import { and, asc, eq, or } from "drizzle-orm";
import type { Db } from "../db";
import { isUniqueViolation } from "../db/errors";
import { savedViews, staffUsers } from "../db/schema";
import { roleAllows, type SavedViewList, type StaffRole } from "../enums";
import { isId, newId } from "../ids";
import type { CreateSavedViewBody, SavedView } from "../schemas/saved-views";
import { ConflictError, DomainError, NotFoundError } from "./errors";

/**
 * Saved views: named filter sets of a list, personal (their owner's only) or shared with the
 * store (every member sees them). Staff sessions only: a view belongs to a person, and an API secret is
 * not one. Who may delete: the owner, and for a shared view also any editor or admin of the store (shared
 * views are the store's, looked after by those who may change it).
 */

type Viewer = { storeId: string; userId: string; role: StaffRole };

export class SavedViewForbiddenError extends DomainError {
  readonly status = 403;
  readonly code = "auth/forbidden";
  constructor() {
    super("Only its owner, or an editor or admin for a shared view, may delete this view.");
  }
}

const OWN_NAME_CONSTRAINT = "saved_views_owner_name_key";
const SHARED_NAME_CONSTRAINT = "saved_views_shared_name_key";

function nameTaken(name: string, shared: boolean): ConflictError {
  const message = shared
    ? `A view shared with the store is already named ${JSON.stringify(name)} on this list. Choose another name.`
    : `You already have a view named ${JSON.stringify(name)} on this list. Choose another name.`;
  return new ConflictError("saved-view/name-taken", message, [{ path: "saved_view.name", message }]);
}

const visibleTo = (viewer: Viewer) =>
  and(
    eq(savedViews.storeId, viewer.storeId),
    or(eq(savedViews.shared, true), eq(savedViews.ownerId, viewer.userId)),
  );

function deletable(viewer: Viewer, row: { shared: boolean; ownerId: string }): boolean {
  return row.ownerId === viewer.userId || (row.shared && roleAllows(viewer.role, "write"));
}

const COLUMNS = {
  id: savedViews.id,
  list: savedViews.list,
  name: savedViews.name,
  query: savedViews.query,
  shared: savedViews.shared,
  ownerId: savedViews.ownerId,
  ownerName: staffUsers.name,
  createdAt: savedViews.createdAt,
};
type Row = { [K in keyof typeof COLUMNS]: (typeof COLUMNS)[K]["_"]["data"] };

function toView(viewer: Viewer, row: Row): SavedView {
  return {
    id: row.id,
    list: row.list,
    name: row.name,
    query: row.query,
    shared: row.shared,
    owner: { id: row.ownerId, name: row.ownerName },
    deletable: deletable(viewer, row),
    createdAt: row.createdAt.toISOString(),
  };
}

/** The views `viewer` sees (their own and the shared ones), by name, of one list or all. */
export async function listSavedViews(db: Db, viewer: Viewer, list?: SavedViewList): Promise<SavedView[]> {
  const rows = await db
    .select(COLUMNS)
    .from(savedViews)
    .innerJoin(staffUsers, eq(staffUsers.id, savedViews.ownerId))
    .where(and(visibleTo(viewer), list ? eq(savedViews.list, list) : undefined))
    .orderBy(asc(savedViews.name), asc(savedViews.id));
  return rows.map((row) => toView(viewer, row));
}

export async function createSavedView(
  db: Db,
  viewer: Viewer,
  input: CreateSavedViewBody["saved_view"],
): Promise<SavedView> {
  const id = newId("savedView");
  try {
    await db.insert(savedViews).values({
      id,
      storeId: viewer.storeId,
      list: input.list,
      name: input.name,
      query: input.query,
      shared: input.shared,
      ownerId: viewer.userId,
    });
  } catch (error) {
    // The unique indexes decide (two saves racing with one name: one wins), not a read before the insert.
    const own = isUniqueViolation(error, OWN_NAME_CONSTRAINT);
    if (own || isUniqueViolation(error, SHARED_NAME_CONSTRAINT)) throw nameTaken(input.name, !own);
    throw error;
  }
  const [view] = (await listSavedViews(db, viewer)).filter((v) => v.id === id);
  if (!view) throw new Error("the new saved view was not found");
  return view;
}

/**
 * The store of a view named with its store in the path (`storeOf`, before a body is read): NotFound for an
 * unknown id or another store's view. Who may see or change it is decided by the operation itself.
 */
export async function findSavedViewStore(
  db: Db,
  input: { storeId: string; viewId: string },
): Promise<string> {
  if (!isId("savedView", input.viewId)) throw new NotFoundError("saved-view", input.viewId);
  const [row] = await db
    .select({ storeId: savedViews.storeId })
    .from(savedViews)
    .where(and(eq(savedViews.id, input.viewId), eq(savedViews.storeId, input.storeId)));
  if (!row) throw new NotFoundError("saved-view", input.viewId);
  return row.storeId;
}

/** Deletes a view: NotFound when the viewer cannot see it (another's personal view, another store's). */
export async function deleteSavedView(db: Db, viewer: Viewer, viewId: string): Promise<void> {
  if (!isId("savedView", viewId)) throw new NotFoundError("saved-view", viewId);
  const [row] = await db
    .select({ shared: savedViews.shared, ownerId: savedViews.ownerId })
    .from(savedViews)
    .where(and(eq(savedViews.id, viewId), visibleTo(viewer)));
  if (!row) throw new NotFoundError("saved-view", viewId);
  if (!deletable(viewer, row)) throw new SavedViewForbiddenError();
  await db.delete(savedViews).where(eq(savedViews.id, viewId));
}
