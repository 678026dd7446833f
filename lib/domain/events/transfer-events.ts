import type { Db } from "../../db";
import type { Transfer } from "../../schemas/transfers";
import { recordEvents } from "./record";

/**
 * Records a `transfer` event (created, updated: shipped, received, closed or cancelled), its payload the
 * transfer as Get transfer answers it. Called inside the change's transaction, after the transfer's row lock.
 */
export async function recordTransferEvent(
  tx: Db,
  storeId: string,
  type: "created" | "updated",
  transfer: Transfer,
): Promise<void> {
  await recordEvents(tx, {
    storeId,
    topic: "transfer",
    type,
    events: [{ subject: { id: transfer.id }, payload: { transfer } }],
  });
}
