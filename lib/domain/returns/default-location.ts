import { and, asc, eq, isNotNull, isNull } from "drizzle-orm";
import type { Db } from "../../db";
import { locations } from "../../db/schema";

/**
 * The store's default return location: its first active location, by name, that has a return address.
 * A return created without `locationId` is sent there, and an item processed with `restock: true` and no
 * `locationId` (the published body has none) is restocked there (docs/returns.md "Default location").
 */
export async function defaultReturnLocation(db: Db, storeId: string) {
  const [location] = await db
    .select()
    .from(locations)
    .where(and(eq(locations.storeId, storeId), isNull(locations.archivedAt), isNotNull(locations.address)))
    .orderBy(asc(locations.name), asc(locations.id))
    .limit(1);
  return location ?? null;
}
