import type { Db } from "../../db";
import { recordEvents } from "./record";
import { EVENT_TOPICS } from "./topics";

/**
 * Records one `inventory_item` `updated` event per changed item, its payload the item as Get inventory item
 * answers it now. Called inside the transaction that changed the items, after their row locks were taken.
 */
export async function recordInventoryItemEvents(
  tx: Db,
  storeId: string,
  itemIds: readonly string[],
): Promise<void> {
  if (itemIds.length === 0) return;
  const snapshots = await EVENT_TOPICS.inventory_item.loadSnapshots(tx, itemIds);
  await recordEvents(tx, {
    storeId,
    topic: "inventory_item",
    type: "updated",
    events: snapshots.map(({ subjectId, snapshot }) => ({ subject: { id: subjectId }, payload: snapshot })),
  });
}
