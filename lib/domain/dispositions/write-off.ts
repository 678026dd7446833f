import { and, eq } from "drizzle-orm";
import type { Db } from "../../db";
import { bins, inventoryItems, locations } from "../../db/schema";
import type { ItemStockStates, StockStateWriteOff } from "../../schemas/dispositions";
import type { InventoryMovement } from "../../schemas/inventory-levels";
import type { Actor } from "../actor";
import { NotFoundError, ValidationError } from "../errors";
import { recordInventoryItemEvents } from "../events/inventory-item-events";
import { loadMovementsByIds } from "../inventory-levels/ledger";
import { applyStateChanges } from "./state-ledger";
import { itemStockStates } from "./stock-state-read";

type WriteOffInput = {
  storeId: string;
  inventoryItemId: string;
  writeOff: StockStateWriteOff;
  actor: Actor;
  idempotencyKey?: string;
};

/**
 * Takes units of a non-sellable state off the books (docs/dispositions.md "Writing off"): the disposed,
 * donated or liquidated units that left the building, the return-to-vendor units shipped back. One ledger row
 * out of the state, reason `written_off`, source `write_off`, the caller as actor and the note as the why; the
 * level (sellable units) never changes. Takes the item's row lock, as every stock change of the item does.
 */
export async function writeOffStockState(
  db: Db,
  input: WriteOffInput,
): Promise<{ movements: InventoryMovement[]; stock: ItemStockStates }> {
  return db.transaction(async (tx) => {
    const { storeId, inventoryItemId, writeOff } = input;
    const [item] = await tx
      .select({ id: inventoryItems.id })
      .from(inventoryItems)
      .where(and(eq(inventoryItems.storeId, storeId), eq(inventoryItems.id, inventoryItemId)))
      .for("update");
    if (!item) throw new NotFoundError("inventory-item", inventoryItemId);
    const [location] = await tx
      .select({ id: locations.id })
      .from(locations)
      .where(and(eq(locations.storeId, storeId), eq(locations.id, writeOff.location_id)));
    if (!location) {
      throw new ValidationError("inventory-movement", [
        {
          path: "write_off.location_id",
          message: `No location with id ${JSON.stringify(writeOff.location_id)} exists in this store.`,
        },
      ]);
    }
    if (writeOff.bin_id !== null) {
      // An archived bin may still hold units to write off; only where it is matters.
      const [bin] = await tx
        .select({ id: bins.id })
        .from(bins)
        .where(
          and(
            eq(bins.storeId, storeId),
            eq(bins.locationId, writeOff.location_id),
            eq(bins.id, writeOff.bin_id),
          ),
        );
      if (!bin) {
        throw new ValidationError("inventory-movement", [
          {
            path: "write_off.bin_id",
            message: `No bin with id ${JSON.stringify(writeOff.bin_id)} is at this location.`,
          },
        ]);
      }
    }
    const ids = await applyStateChanges(tx, {
      storeId,
      reason: "written_off",
      source: { type: "write_off" },
      actor: input.actor,
      idempotencyKey: input.idempotencyKey,
      quantityPath: "write_off.quantity",
      changes: [
        {
          inventoryItemId,
          locationId: writeOff.location_id,
          state: writeOff.state,
          binId: writeOff.bin_id,
          delta: -writeOff.quantity,
          note: writeOff.note || null,
        },
      ],
    });
    await recordInventoryItemEvents(tx, storeId, [inventoryItemId]);
    return {
      movements: await loadMovementsByIds(tx, ids),
      stock: await itemStockStates(tx, { storeId, inventoryItemId }),
    };
  });
}
