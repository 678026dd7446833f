import { and, eq, gte, inArray, isNull, ne } from "drizzle-orm";
import type { Db } from "../db";
import { insertInBatches } from "../db/insert-batches";
import { binStock, bins, inventoryItems, inventoryLevels, inventoryMovements, locations } from "../db/schema";
import { newId } from "../ids";

/**
 * The demo's bins (docs/bins.md): four in every active location (two aisles and a returns shelf), and some
 * stock in them, put away as the ledger records it (a `moved` pair each, by Backroom). Half the units of each
 * returned, undeclared or unknown item go on a shelf; catalog products stay unbinned, as receipts leave them
 * until putaway suggestions come, so the stock pages and tests built on products change nothing.
 */
const DEMO_BINS = [
  { code: "A-01", zone: "Aisle A" },
  { code: "A-02", zone: "Aisle A" },
  { code: "B-01", zone: "Aisle B", capacity: 200 },
  { code: "R-01", zone: "Returns" },
] as const;

export async function placeDemoBins(tx: Db, storeIds: readonly string[]): Promise<number> {
  const active = await tx
    .select({ id: locations.id, storeId: locations.storeId })
    .from(locations)
    .where(and(inArray(locations.storeId, [...storeIds]), isNull(locations.archivedAt)));
  const binRows = active.flatMap((location) =>
    DEMO_BINS.map((bin) => ({
      id: newId("bin"),
      storeId: location.storeId,
      locationId: location.id,
      code: bin.code,
      zone: bin.zone,
      capacity: "capacity" in bin ? bin.capacity : null,
    })),
  );
  const binOf = new Map(binRows.map((bin) => [`${bin.locationId}|${bin.code}`, bin.id]));
  const levels = await tx
    .select({
      itemId: inventoryLevels.inventoryItemId,
      storeId: inventoryLevels.storeId,
      locationId: inventoryLevels.locationId,
      quantity: inventoryLevels.quantity,
      kind: inventoryItems.kind,
    })
    .from(inventoryLevels)
    .innerJoin(inventoryItems, eq(inventoryItems.id, inventoryLevels.inventoryItemId))
    .where(
      and(
        inArray(inventoryLevels.storeId, [...storeIds]),
        ne(inventoryItems.kind, "PRODUCT"),
        gte(inventoryLevels.quantity, 2),
      ),
    );
  const stockRows: (typeof binStock.$inferInsert)[] = [];
  const movementRows: (typeof inventoryMovements.$inferInsert)[] = [];
  for (const level of levels) {
    const binId = binOf.get(`${level.locationId}|${level.kind === "RETURN" ? "R-01" : "A-01"}`);
    if (!binId) continue;
    const quantity = Math.floor(level.quantity / 2);
    stockRows.push({
      binId,
      inventoryItemId: level.itemId,
      storeId: level.storeId,
      locationId: level.locationId,
      quantity,
    });
    for (const [bin, delta] of [
      [null, -quantity],
      [binId, quantity],
    ] as const) {
      movementRows.push({
        id: newId("inventoryMovement"),
        storeId: level.storeId,
        inventoryItemId: level.itemId,
        locationId: level.locationId,
        binId: bin,
        quantityDelta: delta,
        quantityAfter: level.quantity,
        reason: "moved",
        sourceType: "bin_move",
        actorKind: "system",
        actorName: "Backroom",
        note: "Demo putaway",
      });
    }
  }
  return (
    (await insertInBatches(tx, bins, binRows)) +
    (await insertInBatches(tx, binStock, stockRows)) +
    (await insertInBatches(tx, inventoryMovements, movementRows))
  );
}
