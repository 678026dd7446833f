import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { isUniqueViolation } from "../../db/errors";
import { binStock, bins } from "../../db/schema";
import { newId } from "../../ids";
import type { Bin } from "../../schemas/bins";
import { ConflictError, NotFoundError } from "../errors";
import { getLocation } from "../locations/locations";

/**
 * A location's bins (docs/bins.md). Bins are never deleted: archiving keeps a bin's units and history, takes
 * it out of pickers and refuses moves into it. A code is unique in its location whatever its case, by the
 * database's unique index, so two concurrent creates of one code make one bin and one 409.
 */

export const BIN_RESOURCE = "bin";
const CODE_CONSTRAINT = "bins_location_code_key";

type BinRow = typeof bins.$inferSelect;

function binColumns() {
  return {
    row: bins,
    quantity: sql<number>`coalesce((select sum(${binStock.quantity}) from ${binStock} where ${binStock.binId} = ${bins.id}), 0)::int`,
  };
}

function toBin(row: BinRow, quantity: number): Bin {
  return {
    id: row.id,
    location_id: row.locationId,
    code: row.code,
    zone: row.zone,
    capacity: row.capacity,
    archived: row.archivedAt !== null,
    ...(row.archivedAt ? { archived_at: row.archivedAt.toISOString() } : {}),
    quantity,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function codeTaken(code: string): ConflictError {
  return new ConflictError(
    "bin/code-taken",
    `This location already has a bin with the code ${JSON.stringify(code)}.`,
  );
}

/** A location's bins by code, active ones first (a few hundred at most, so no paging yet). */
export async function listBins(
  db: Db,
  params: { storeId: string; locationId: string; includeArchived?: boolean },
): Promise<Bin[]> {
  await getLocation(db, params.storeId, params.locationId);
  const scope = and(eq(bins.storeId, params.storeId), eq(bins.locationId, params.locationId));
  const rows = await db
    .select(binColumns())
    .from(bins)
    .where(params.includeArchived ? scope : and(scope, isNull(bins.archivedAt)))
    .orderBy(sql`${bins.archivedAt} is not null`, asc(sql`lower(${bins.code})`), asc(bins.id));
  return rows.map(({ row, quantity }) => toBin(row, quantity));
}

async function findBinRow(db: Db, storeId: string, binId: string): Promise<BinRow> {
  const [row] = await db
    .select()
    .from(bins)
    .where(and(eq(bins.storeId, storeId), eq(bins.id, binId)));
  if (!row) throw new NotFoundError(BIN_RESOURCE, binId);
  return row;
}

export async function getBin(db: Db, storeId: string, binId: string): Promise<Bin> {
  const [found] = await db
    .select(binColumns())
    .from(bins)
    .where(and(eq(bins.storeId, storeId), eq(bins.id, binId)));
  if (!found) throw new NotFoundError(BIN_RESOURCE, binId);
  return toBin(found.row, found.quantity);
}

type BinInput = { code: string; zone?: string | null; capacity?: number | null };

/** Adds an active bin to an active location; a code the location uses (archived bins too) is a 409. */
export async function createBin(
  db: Db,
  params: { storeId: string; locationId: string },
  input: BinInput,
): Promise<Bin> {
  const location = await getLocation(db, params.storeId, params.locationId);
  if (location.archived) {
    throw new ConflictError(
      "bin/location-archived",
      "This location is archived; restore it before adding bins.",
    );
  }
  try {
    const [row] = await db
      .insert(bins)
      .values({
        id: newId("bin"),
        storeId: params.storeId,
        locationId: params.locationId,
        code: input.code,
        zone: input.zone || null,
        capacity: input.capacity ?? null,
      })
      .returning();
    return toBin(row as BinRow, 0);
  } catch (error) {
    if (isUniqueViolation(error, CODE_CONSTRAINT)) throw codeTaken(input.code);
    throw error;
  }
}

/** Renames, re-zones, re-sizes, archives or restores a bin; a request that changes nothing answers it as it is. */
export async function updateBin(
  db: Db,
  params: { storeId: string; binId: string },
  input: Partial<BinInput> & { archived?: boolean },
): Promise<Bin> {
  const current = await findBinRow(db, params.storeId, params.binId);
  const archive = input.archived === true && current.archivedAt === null;
  const restore = input.archived === false && current.archivedAt !== null;
  const changes = {
    ...(input.code !== undefined && input.code !== current.code ? { code: input.code } : {}),
    ...(input.zone !== undefined && (input.zone || null) !== current.zone
      ? { zone: input.zone || null }
      : {}),
    ...(input.capacity !== undefined && input.capacity !== current.capacity
      ? { capacity: input.capacity }
      : {}),
    ...(archive ? { archivedAt: sql`now()` } : {}),
    ...(restore ? { archivedAt: null } : {}),
  };
  if (Object.keys(changes).length === 0) return getBin(db, params.storeId, params.binId);
  try {
    await db
      .update(bins)
      .set({ ...changes, updatedAt: sql`now()` })
      .where(and(eq(bins.storeId, params.storeId), eq(bins.id, params.binId)));
  } catch (error) {
    if (isUniqueViolation(error, CODE_CONSTRAINT)) throw codeTaken(input.code ?? "");
    throw error;
  }
  return getBin(db, params.storeId, params.binId);
}

/** The route's store resolver: the bin must be the path store's (404 otherwise) before a body is read. */
export async function findBinStore(db: Db, params: { storeId: string; binId: string }): Promise<string> {
  await findBinRow(db, params.storeId, params.binId);
  return params.storeId;
}
