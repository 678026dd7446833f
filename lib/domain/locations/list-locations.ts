import { asc, eq } from "drizzle-orm";
import type { Db } from "../../db";
import { locations } from "../../db/schema";
import type { Location } from "../../schemas/locations";

/** Every location of the store, by name (a store has a handful, so there is no paging). */
export async function listLocations(db: Db, params: { storeId: string }): Promise<Location[]> {
  return db
    .select({ id: locations.id, name: locations.name })
    .from(locations)
    .where(eq(locations.storeId, params.storeId))
    .orderBy(asc(locations.name), asc(locations.id));
}
