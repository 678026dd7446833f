import { and, asc, eq, inArray } from "drizzle-orm";
import { readConfig } from "../../config";
import type { Db } from "../../db";
import { inboundShipments, inventoryItems, returns, supplierClaims, transfers } from "../../db/schema";
import type { WebhookTopic } from "../../enums";
import type { InboundShipmentDetail } from "../../schemas/inbound-shipments";
import type { InventoryItem } from "../../schemas/inventory-items";
import type { SupplierClaim } from "../../schemas/suppliers";
import type { Transfer } from "../../schemas/transfers";
import { type AlertSnapshot, alertTopic } from "../alerts/alert-topic";
import { NotFoundError } from "../errors";
import { loadInboundShipmentDetails } from "../inbound-shipments/get";
import {
  inventoryItemColumns,
  loadItemHeld,
  loadItemLocations,
  serializeInventoryItem,
} from "../inventory-items/serialize";
import { loadReturnView, loadReturnViews, type ReturnView } from "../returns/serialize";
import { getSupplierClaim } from "../suppliers/claim-read";
import { getTransfer } from "../transfers/read";

/**
 * Per topic, where an event's snapshot comes from (in the spirit of Dub's lib/webhook/constants.ts).
 * A new topic is its value in WEBHOOK_TOPICS plus an entry here: `TopicSnapshots` then `EVENT_TOPICS`
 * fail to compile until it has one. The thin payload needs nothing per topic (lib/webhooks/payload.ts).
 */

/** The snapshot of a subject: what a `snapshot` payload carries after `{ id, type, topic, at }`. */
export type TopicSnapshots = {
  return: Pick<ReturnView, "return" | "order">;
  /** As Get inventory item answers it. */
  inventory_item: { inventory_item: InventoryItem };
  /** As Get inbound shipment answers it. */
  inbound_shipment: { inbound_shipment: InboundShipmentDetail };
  /** As Get transfer answers it. */
  transfer: { transfer: Transfer };
  /** As Get supplier claim answers it. */
  supplier_claim: { supplier_claim: SupplierClaim };
  /** An alert rule as List alerts shows it, with the occasion that fired or cleared it (lib/domain/alerts). */
  alert: AlertSnapshot;
};

export type TopicSource<Snapshot> = {
  /** The subject as it stands in `tx`, or null when it is not one of the store's. */
  loadSnapshot(tx: Db, storeId: string, subjectId: string): Promise<Snapshot | null>;
  /**
   * Every subject of the store, oldest first, read `for share` so that a change in flight is waited for
   * and a later one waits for this transaction (backfill.ts relies on it).
   */
  lockSubjectIds(tx: Db, storeId: string): Promise<string[]>;
  /** Snapshots of subjects already known to be the store's, in the order given; vanished ones are left out. */
  loadSnapshots(tx: Db, subjectIds: readonly string[]): Promise<{ subjectId: string; snapshot: Snapshot }[]>;
};

const returnTopic: TopicSource<TopicSnapshots["return"]> = {
  async loadSnapshot(tx, storeId, subjectId) {
    const view = await loadReturnView(tx, { returnId: subjectId, storeIds: [storeId] });
    return view ? { return: view.return, order: view.order } : null;
  },
  async lockSubjectIds(tx, storeId) {
    const rows = await tx
      .select({ id: returns.id })
      .from(returns)
      .where(eq(returns.storeId, storeId))
      .orderBy(asc(returns.createdAt), asc(returns.id))
      .for("share");
    return rows.map((row) => row.id);
  },
  async loadSnapshots(tx, subjectIds) {
    const views = await loadReturnViews(tx, subjectIds);
    return views.map((view) => ({
      subjectId: view.return.id,
      snapshot: { return: view.return, order: view.order },
    }));
  },
};

/** Items of `storeIds` (all of them when null) with their stock, in the order of `itemIds`. */
async function loadInventoryItems(
  tx: Db,
  itemIds: readonly string[],
  storeId?: string,
): Promise<InventoryItem[]> {
  if (itemIds.length === 0) return [];
  const rows = await tx
    .select(inventoryItemColumns(inventoryItems))
    .from(inventoryItems)
    .where(
      storeId === undefined
        ? inArray(inventoryItems.id, [...itemIds])
        : and(inArray(inventoryItems.id, [...itemIds]), eq(inventoryItems.storeId, storeId)),
    );
  const itemLocations = await loadItemLocations(
    tx,
    rows.map((row) => row.id),
  );
  const held = await loadItemHeld(
    tx,
    rows.map((row) => row.id),
  );
  const byId = new Map(
    rows.map((row) => [
      row.id,
      serializeInventoryItem(row, itemLocations.get(row.id) ?? [], held.get(row.id)),
    ]),
  );
  return itemIds.flatMap((id) => byId.get(id) ?? []);
}

const inventoryItemTopic: TopicSource<TopicSnapshots["inventory_item"]> = {
  async loadSnapshot(tx, storeId, subjectId) {
    const [item] = await loadInventoryItems(tx, [subjectId], storeId);
    return item ? { inventory_item: item } : null;
  },
  async lockSubjectIds(tx, storeId) {
    const rows = await tx
      .select({ id: inventoryItems.id })
      .from(inventoryItems)
      .where(eq(inventoryItems.storeId, storeId))
      .orderBy(asc(inventoryItems.createdAt), asc(inventoryItems.id))
      .for("share");
    return rows.map((row) => row.id);
  },
  async loadSnapshots(tx, subjectIds) {
    const items = await loadInventoryItems(tx, subjectIds);
    return items.map((item) => ({ subjectId: item.id, snapshot: { inventory_item: item } }));
  },
};

const inboundShipmentTopic: TopicSource<TopicSnapshots["inbound_shipment"]> = {
  async loadSnapshot(tx, storeId, subjectId) {
    const [shipment] = await loadInboundShipmentDetails(tx, [subjectId], readConfig().publicUrl);
    return shipment && (await isShipmentOf(tx, storeId, subjectId)) ? { inbound_shipment: shipment } : null;
  },
  async lockSubjectIds(tx, storeId) {
    const rows = await tx
      .select({ id: inboundShipments.id })
      .from(inboundShipments)
      .where(eq(inboundShipments.storeId, storeId))
      .orderBy(asc(inboundShipments.createdAt), asc(inboundShipments.id))
      .for("share");
    return rows.map((row) => row.id);
  },
  async loadSnapshots(tx, subjectIds) {
    const shipments = await loadInboundShipmentDetails(tx, subjectIds, readConfig().publicUrl);
    return shipments.map((shipment) => ({
      subjectId: shipment.id,
      snapshot: { inbound_shipment: shipment },
    }));
  },
};

async function isShipmentOf(tx: Db, storeId: string, shipmentId: string): Promise<boolean> {
  const rows = await tx
    .select({ id: inboundShipments.id })
    .from(inboundShipments)
    .where(and(eq(inboundShipments.id, shipmentId), eq(inboundShipments.storeId, storeId)));
  return rows.length > 0;
}

const transferTopic: TopicSource<TopicSnapshots["transfer"]> = {
  async loadSnapshot(tx, storeId, subjectId) {
    try {
      return { transfer: await getTransfer(tx, { storeId, transferId: subjectId }) };
    } catch (error) {
      if (error instanceof NotFoundError) return null;
      throw error;
    }
  },
  async lockSubjectIds(tx, storeId) {
    const rows = await tx
      .select({ id: transfers.id })
      .from(transfers)
      .where(eq(transfers.storeId, storeId))
      .orderBy(asc(transfers.createdAt), asc(transfers.id))
      .for("share");
    return rows.map((row) => row.id);
  },
  async loadSnapshots(tx, subjectIds) {
    if (subjectIds.length === 0) return [];
    const rows = await tx
      .select({ id: transfers.id, storeId: transfers.storeId })
      .from(transfers)
      .where(inArray(transfers.id, [...subjectIds]));
    const storeOf = new Map(rows.map((row) => [row.id, row.storeId]));
    const found = [];
    for (const id of subjectIds) {
      const storeId = storeOf.get(id);
      if (storeId)
        found.push({
          subjectId: id,
          snapshot: { transfer: await getTransfer(tx, { storeId, transferId: id }) },
        });
    }
    return found;
  },
};

const supplierClaimTopic: TopicSource<TopicSnapshots["supplier_claim"]> = {
  async loadSnapshot(tx, storeId, subjectId) {
    try {
      const publicUrl = readConfig().publicUrl;
      return {
        supplier_claim: await getSupplierClaim(tx, { storeId, supplierClaimId: subjectId, publicUrl }),
      };
    } catch (error) {
      if (error instanceof NotFoundError) return null;
      throw error;
    }
  },
  async lockSubjectIds(tx, storeId) {
    const rows = await tx
      .select({ id: supplierClaims.id })
      .from(supplierClaims)
      .where(eq(supplierClaims.storeId, storeId))
      .orderBy(asc(supplierClaims.createdAt), asc(supplierClaims.id))
      .for("share");
    return rows.map((row) => row.id);
  },
  async loadSnapshots(tx, subjectIds) {
    if (subjectIds.length === 0) return [];
    const rows = await tx
      .select({ id: supplierClaims.id, storeId: supplierClaims.storeId })
      .from(supplierClaims)
      .where(inArray(supplierClaims.id, [...subjectIds]));
    const storeOf = new Map(rows.map((row) => [row.id, row.storeId]));
    const publicUrl = readConfig().publicUrl;
    const found = [];
    for (const id of subjectIds) {
      const storeId = storeOf.get(id);
      if (storeId)
        found.push({
          subjectId: id,
          snapshot: {
            supplier_claim: await getSupplierClaim(tx, { storeId, supplierClaimId: id, publicUrl }),
          },
        });
    }
    return found;
  },
};

export const EVENT_TOPICS: { readonly [T in WebhookTopic]: TopicSource<TopicSnapshots[T]> } = {
  return: returnTopic,
  inventory_item: inventoryItemTopic,
  inbound_shipment: inboundShipmentTopic,
  transfer: transferTopic,
  supplier_claim: supplierClaimTopic,
  alert: alertTopic,
};
