import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db";
import { retryOnDeadlock } from "../../db/errors";
import { inboundShipments, inventoryItems, locations, transferLines, transfers } from "../../db/schema";
import type { ShipTransferInput, Transfer } from "../../schemas/transfers";
import type { Actor } from "../actor";
import { ConflictError } from "../errors";
import { recordInboundShipmentEvent } from "../events/inbound-shipment-events";
import { recordTransferEvent } from "../events/transfer-events";
import { cancelInboundShipment } from "../inbound-shipments/change";
import { getInboundShipment } from "../inbound-shipments/get";
import { insertShipment } from "../inbound-shipments/write";
import { applyInventoryMovements, NegativeLevelError } from "../inventory-levels/movements";
import { getTransfer, TRANSFER_RESOURCE } from "./read";
import { issueOnPlan, planShipFromBins } from "./ship-from-bins";
import { lockTransfer, notInStatus } from "./write";

/**
 * Shipping and cancelling a transfer (docs/transfers.md). Each takes the transfer's row lock first and checks
 * its status under it, so of a ship and a cancel (or two of either) racing, one acts and the other sees what
 * it did: units leave the origin once and come back at most once.
 *
 * Shipping takes the units from the origin bins Ship's body names per line and the rest from the unbinned
 * remainder (ledger rows, reason `transfer_out`, source the transfer, each bin's row naming it), so bins and
 * levels stay equal to their ledger rows (docs/bins.md). It then creates the
 * destination's inbound shipment (IN_TRANSIT, its reference the transfer's id), which Receive mode receives
 * like any other; lib/domain/transfers/follow-receipts.ts moves the transfer's status with its receipts.
 */

type Context = { storeId: string; transferId: string; actor: Actor; publicUrl: string };
/** Ship's body: the origin bins each line's units leave from (ship-from-bins.ts). */
type ShipContext = Context & { ship?: ShipTransferInput };

type LineRow = { inventoryItemId: string; variantId: string | null; quantity: number };

async function linesOf(tx: Db, transferId: string): Promise<LineRow[]> {
  return tx
    .select({
      inventoryItemId: transferLines.inventoryItemId,
      variantId: inventoryItems.variantId,
      quantity: transferLines.quantity,
    })
    .from(transferLines)
    .innerJoin(inventoryItems, eq(inventoryItems.id, transferLines.inventoryItemId))
    .where(eq(transferLines.transferId, transferId))
    .orderBy(transferLines.position, transferLines.id);
}

async function archivedLocation(tx: Db, storeId: string, locationId: string): Promise<string | null> {
  const [row] = await tx
    .select({ name: locations.name, archivedAt: locations.archivedAt })
    .from(locations)
    .where(and(eq(locations.storeId, storeId), eq(locations.id, locationId)));
  return row?.archivedAt ? row.name : null;
}

async function locationName(tx: Db, locationId: string): Promise<string> {
  const [row] = await tx.select({ name: locations.name }).from(locations).where(eq(locations.id, locationId));
  return row?.name ?? locationId;
}

function locationArchived(name: string, role: string): ConflictError {
  return new ConflictError(
    `${TRANSFER_RESOURCE}/location-archived`,
    `The ${role}, ${name}, is archived; restore it first.`,
  );
}

/** DRAFT -> IN_TRANSIT: the units leave the origin and become the destination's inbound shipment. */
export async function shipTransfer(db: Db, context: ShipContext): Promise<Transfer> {
  return db.transaction(async (tx) => {
    const { storeId, transferId, actor } = context;
    const transfer = await lockTransfer(tx, storeId, transferId);
    if (transfer.status !== "DRAFT") throw notInStatus(transfer.status, "only a draft can be shipped.");
    for (const [id, role] of [
      [transfer.originLocationId, "origin"],
      [transfer.destinationLocationId, "destination"],
    ] as const) {
      const archived = await archivedLocation(tx, storeId, id);
      if (archived) throw locationArchived(archived, role);
    }
    const lines = await linesOf(tx, transferId);
    if (lines.length === 0 || lines.some((line) => !line.variantId)) {
      throw new ConflictError(
        `${TRANSFER_RESOURCE}/not-receivable`,
        "Every line must name a catalog product the destination can receive; edit the draft first.",
      );
    }
    const plan = await planShipFromBins(
      tx,
      {
        storeId,
        originLocationId: transfer.originLocationId,
        originName: await locationName(tx, transfer.originLocationId),
      },
      lines,
      context.ship,
    );
    try {
      await applyInventoryMovements(tx, {
        storeId,
        changes: plan.changes,
        source: { type: "transfer", id: transferId },
        actor,
        path: "changes",
        answer: false,
        inCallersTransaction: true,
        referencesChecked: true,
      });
    } catch (error) {
      if (!(error instanceof NegativeLevelError)) throw error;
      throw new ConflictError(
        `${TRANSFER_RESOURCE}/not-enough-stock`,
        "The origin does not hold these units where they were to leave from (its bins or the unbinned remainder); nothing was shipped.",
        error.errors.map((issue) => issueOnPlan(plan, issue)),
      );
    }
    const shipmentId = await insertShipment(tx, storeId, {
      locationId: transfer.destinationLocationId,
      shipmentId: transferId,
      inTransit: true,
      lines: lines.map((line) => ({ variantId: line.variantId as string, quantity: line.quantity })),
    });
    await tx
      .update(transfers)
      .set({
        status: "IN_TRANSIT",
        inboundShipmentId: shipmentId,
        shippedAt: new Date(),
        shippedByName: actor.name,
        updatedAt: sql`greatest(now(), ${transfers.updatedAt} + interval '1 millisecond')`,
      })
      .where(eq(transfers.id, transferId));
    const shipment = await getInboundShipment(tx, {
      storeId,
      inboundShipmentId: shipmentId,
      publicUrl: context.publicUrl,
    });
    await recordInboundShipmentEvent(tx, storeId, "created", shipment);
    const shipped = await getTransfer(tx, { storeId, transferId });
    await recordTransferEvent(tx, storeId, "updated", shipped);
    return shipped;
  });
}

/**
 * DRAFT or IN_TRANSIT -> CANCELLED. In transit, the units go back to the origin's unbinned remainder (reason
 * `transfer_cancelled`) and the destination's shipment is cancelled; once anything was received, damaged or
 * missing it is a 409: the receipts are history, and the rest is received or marked missing instead.
 */
export async function cancelTransfer(db: Db, context: Context): Promise<Transfer> {
  // A receipt locks the shipment and then the transfer (follow-receipts.ts), this the other way round: if the
  // two ever deadlock, PostgreSQL rolls one back and it runs again, and then sees what the other did.
  return retryOnDeadlock(() => db.transaction((tx) => cancelLocked(tx, context)));
}

async function cancelLocked(tx: Db, context: Context): Promise<Transfer> {
  const { storeId, transferId, actor } = context;
  const transfer = await lockTransfer(tx, storeId, transferId);
  if (transfer.status !== "DRAFT" && transfer.status !== "IN_TRANSIT") {
    throw notInStatus(
      transfer.status,
      transfer.status === "CANCELLED"
        ? "it was cancelled already."
        : "units were received, so it cannot be cancelled; receive the rest or mark it missing.",
    );
  }
  if (transfer.status === "IN_TRANSIT" && transfer.inboundShipmentId) {
    const [shipment] = await tx
      .select({ received: inboundShipments.receivedCount })
      .from(inboundShipments)
      .where(eq(inboundShipments.id, transfer.inboundShipmentId))
      .for("update");
    const { rows } = await tx.execute<{ units: number }>(sql`
      select coalesce(sum(received_quantity + damaged_quantity + missing_quantity), 0)::int as units
      from inbound_shipment_items where shipment_id = ${transfer.inboundShipmentId}`);
    const processed = rows[0];
    if ((shipment?.received ?? 0) > 0 || (processed?.units ?? 0) > 0) {
      throw notInStatus(
        "PARTIALLY_RECEIVED",
        "units were received, so it cannot be cancelled; receive the rest or mark it missing.",
      );
    }
    const archived = await archivedLocation(tx, storeId, transfer.originLocationId);
    if (archived) throw locationArchived(archived, "origin");
    const lines = await linesOf(tx, transferId);
    await applyInventoryMovements(tx, {
      storeId,
      changes: lines.map((line) => ({
        inventoryItemId: line.inventoryItemId,
        locationId: transfer.originLocationId,
        adjustBy: line.quantity,
        reason: "transfer_cancelled" as const,
      })),
      source: { type: "transfer", id: transferId },
      actor,
      answer: false,
      inCallersTransaction: true,
      referencesChecked: true,
    });
    await cancelInboundShipment(
      tx,
      { storeId, inboundShipmentId: transfer.inboundShipmentId, publicUrl: context.publicUrl },
      { byTransfer: true },
    );
  }
  await tx
    .update(transfers)
    .set({
      status: "CANCELLED",
      inboundShipmentId: null,
      cancelledAt: new Date(),
      cancelledByName: actor.name,
      updatedAt: sql`greatest(now(), ${transfers.updatedAt} + interval '1 millisecond')`,
    })
    .where(eq(transfers.id, transferId));
  const cancelled = await getTransfer(tx, { storeId, transferId });
  await recordTransferEvent(tx, storeId, "updated", cancelled);
  return cancelled;
}
