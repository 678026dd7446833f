import { and, eq } from "drizzle-orm";
import type { Db } from "../../db";
import { locations, putawayRules } from "../../db/schema";
import type { PutawayRule } from "../../schemas/putaway";
import { getLocation } from "../locations/locations";
import { loadPutawayRules } from "./putaway";

/**
 * A location's putaway rules (docs/bins.md): an ordered list, read and replaced whole (Settings -> Locations
 * edits it as one form), so a rule is its position and two editors saving at once leave one list, not a mix.
 */

export async function listPutawayRules(
  db: Db,
  params: { storeId: string; locationId: string },
): Promise<PutawayRule[]> {
  await getLocation(db, params.storeId, params.locationId);
  return loadPutawayRules(db, params.storeId, params.locationId);
}

export async function replacePutawayRules(
  db: Db,
  params: { storeId: string; locationId: string },
  rules: readonly PutawayRule[],
): Promise<PutawayRule[]> {
  await getLocation(db, params.storeId, params.locationId);
  return db.transaction(async (tx) => {
    // The location's row lock: two replaces take turns, so neither meets the other's rows at its positions.
    await tx
      .select({ id: locations.id })
      .from(locations)
      .where(and(eq(locations.storeId, params.storeId), eq(locations.id, params.locationId)))
      .for("update");
    await tx
      .delete(putawayRules)
      .where(and(eq(putawayRules.storeId, params.storeId), eq(putawayRules.locationId, params.locationId)));
    if (rules.length > 0) {
      await tx.insert(putawayRules).values(
        rules.map((rule, position) => ({
          storeId: params.storeId,
          locationId: params.locationId,
          position,
          matchField: rule.match_field,
          matchValue: rule.match_value,
          zone: rule.zone,
        })),
      );
    }
    return loadPutawayRules(tx, params.storeId, params.locationId);
  });
}
