import { sql } from "drizzle-orm";
import type { Db } from "../../db";
import type { InboundShipmentStatus, TransferStatus } from "../../enums";
import { recordTransferEvent } from "../events/transfer-events";
import { getTransfer } from "./read";

/**
 * A transfer's status after shipping follows its destination shipment's (docs/transfers.md): receiving
 * started is PARTIALLY_RECEIVED, every unit received, damaged or missing is CLOSED, and a correction that
 * undoes every receipt puts it back IN_TRANSIT. Called by a receipt, under the shipment's row lock, only when
 * the shipment's status changed; a shipment that is no transfer's changes nothing.
 */
export async function followShipmentStatus(
  tx: Db,
  storeId: string,
  shipmentId: string,
  shipmentStatus: InboundShipmentStatus,
): Promise<void> {
  const status: TransferStatus =
    shipmentStatus === "RECEIVED"
      ? "CLOSED"
      : shipmentStatus === "PARTIALLY_RECEIVED"
        ? "PARTIALLY_RECEIVED"
        : "IN_TRANSIT";
  // Only a shipped transfer follows: a cancelled one no longer has the shipment.
  const { rows } = await tx.execute<{ id: string }>(sql`
    update transfers set status = ${status}::transfer_status,
      closed_at = case when ${status}::text = 'CLOSED' then now() else null end,
      updated_at = greatest(now(), updated_at + interval '1 millisecond')
    where inbound_shipment_id = ${shipmentId} and store_id = ${storeId}
      and status in ('IN_TRANSIT', 'PARTIALLY_RECEIVED', 'CLOSED') and status <> ${status}::transfer_status
    returning id`);
  const row = rows[0];
  if (!row) return;
  await recordTransferEvent(tx, storeId, "updated", await getTransfer(tx, { storeId, transferId: row.id }));
}
