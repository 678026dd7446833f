import { and, asc, count, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { isUniqueViolation } from "../../db/errors";
import { locations, stores } from "../../db/schema";
import { newId } from "../../ids";
import type { Location } from "../../schemas/locations";
import type { Address } from "../../schemas/returns";
import { ConflictError, NotFoundError } from "../errors";

/**
 * A store's locations (docs/locations.md). Archiving hides a location from pickers and from the default
 * list but keeps it, with its stock, shipments and history: nothing that points at it breaks. A store
 * keeps at least one active location, so receiving and restocking always have somewhere to go.
 */

export const LOCATION_RESOURCE = "location";
const NAME_CONSTRAINT = "locations_store_name_key";

type LocationRow = typeof locations.$inferSelect;

function toLocation(row: LocationRow): Location {
  return {
    id: row.id,
    name: row.name,
    archived: row.archivedAt !== null,
    ...(row.archivedAt ? { archived_at: row.archivedAt.toISOString() } : {}),
    return_address: row.address,
    phone: row.phone,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

function nameTaken(name: string): ConflictError {
  return new ConflictError(
    "location/name-taken",
    `This store already has a location named ${JSON.stringify(name)}.`,
  );
}

/** The store's locations by name, active ones first (a store has a handful, so there is no paging). */
export async function listLocations(
  db: Db,
  params: { storeId: string; includeArchived?: boolean },
): Promise<Location[]> {
  const rows = await db
    .select()
    .from(locations)
    .where(
      params.includeArchived
        ? eq(locations.storeId, params.storeId)
        : and(eq(locations.storeId, params.storeId), isNull(locations.archivedAt)),
    )
    .orderBy(sql`${locations.archivedAt} is not null`, asc(locations.name), asc(locations.id));
  return rows.map(toLocation);
}

async function findLocationRow(db: Db, storeId: string, locationId: string): Promise<LocationRow> {
  const [row] = await db
    .select()
    .from(locations)
    .where(and(eq(locations.storeId, storeId), eq(locations.id, locationId)));
  if (!row) throw new NotFoundError(LOCATION_RESOURCE, locationId);
  return row;
}

export async function getLocation(db: Db, storeId: string, locationId: string): Promise<Location> {
  return toLocation(await findLocationRow(db, storeId, locationId));
}

/** Field by field: the database gives jsonb keys back in its own order, so serialised forms differ. */
function sameAddress(a: Address | null, b: Address | null): boolean {
  if (a === null || b === null) return a === b;
  return (["line1", "line2", "city", "state", "postalCode", "country"] as const).every(
    (key) => (a[key] ?? undefined) === (b[key] ?? undefined),
  );
}

/** Adds an active location; a name already used in the store (archived or not) is a 409. */
type LocationInput = { name: string; return_address?: Address | null; phone?: string | null };

export async function createLocation(db: Db, storeId: string, input: LocationInput): Promise<Location> {
  try {
    const [row] = await db
      .insert(locations)
      .values({
        id: newId("location"),
        storeId,
        name: input.name,
        address: input.return_address ?? null,
        phone: input.phone || null,
      })
      .returning();
    return toLocation(row as LocationRow);
  } catch (error) {
    if (isUniqueViolation(error, NAME_CONSTRAINT)) throw nameTaken(input.name);
    throw error;
  }
}

/**
 * Renames, archives or restores a location. Archiving the store's last active location is a 409
 * `location/last-active`; the check runs under a lock on the store row, so two concurrent archives of
 * the last two cannot both pass. A request that changes nothing answers the location as it is.
 */
export async function updateLocation(
  db: Db,
  storeId: string,
  locationId: string,
  input: Partial<LocationInput> & { archived?: boolean },
): Promise<Location> {
  try {
    return await db.transaction(async (tx) => {
      await tx.select({ id: stores.id }).from(stores).where(eq(stores.id, storeId)).for("update");
      const current = await findLocationRow(tx, storeId, locationId);
      const archive = input.archived === true && current.archivedAt === null;
      const restore = input.archived === false && current.archivedAt !== null;
      const rename = input.name !== undefined && input.name !== current.name;
      const readdress =
        (input.return_address !== undefined && !sameAddress(input.return_address, current.address)) ||
        (input.phone !== undefined && (input.phone || null) !== current.phone);
      if (!archive && !restore && !rename && !readdress) return toLocation(current);
      if (archive) {
        const [active] = await tx
          .select({ n: count() })
          .from(locations)
          .where(and(eq(locations.storeId, storeId), isNull(locations.archivedAt)));
        if ((active?.n ?? 0) <= 1) {
          throw new ConflictError(
            "location/last-active",
            "This is the store's only active location: add or restore another before archiving it.",
          );
        }
      }
      const [row] = await tx
        .update(locations)
        .set({
          ...(rename ? { name: input.name } : {}),
          ...(archive ? { archivedAt: sql`now()` } : {}),
          ...(restore ? { archivedAt: null } : {}),
          ...(input.return_address !== undefined ? { address: input.return_address } : {}),
          ...(input.phone !== undefined ? { phone: input.phone || null } : {}),
          updatedAt: sql`now()`,
        })
        .where(and(eq(locations.storeId, storeId), eq(locations.id, locationId)))
        .returning();
      return toLocation(row as LocationRow);
    });
  } catch (error) {
    if (isUniqueViolation(error, NAME_CONSTRAINT)) throw nameTaken(input.name ?? "");
    throw error;
  }
}

/** The route's store resolver: the location must be the path store's (404 otherwise) before a body is read. */
export async function findLocationStore(
  db: Db,
  params: { storeId: string; locationId: string },
): Promise<string> {
  await findLocationRow(db, params.storeId, params.locationId);
  return params.storeId;
}

/**
 * A store's locations (archived ones too, for the caller to refuse) by id and by lower-cased name: how
 * an import's `location` column may name one.
 */
export async function locationsByKey(
  db: Db,
  storeId: string,
): Promise<Map<string, { id: string; name: string; archivedAt: Date | null }>> {
  const rows = await db
    .select({ id: locations.id, name: locations.name, archivedAt: locations.archivedAt })
    .from(locations)
    .where(eq(locations.storeId, storeId));
  return new Map(
    rows.flatMap(
      (l) =>
        [
          [l.id, l],
          [l.name.toLowerCase(), l],
        ] as const,
    ),
  );
}
