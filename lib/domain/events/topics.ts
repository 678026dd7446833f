import { and, eq, inArray } from "drizzle-orm";
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
import { lockStoreRowIds, type StoreRows } from "./store-rows";

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

/**
 * A topic whose snapshot is its subject as its Get operation answers it (`load`, which throws NotFoundError
 * for a subject that is not the store's): transfers, supplier claims.
 */
function storeRowTopic<Snapshot>(
  table: StoreRows,
  load: (tx: Db, storeId: string, subjectId: string) => Promise<Snapshot>,
): TopicSource<Snapshot> {
  return {
    async loadSnapshot(tx, storeId, subjectId) {
      try {
        return await load(tx, storeId, subjectId);
      } catch (error) {
        if (error instanceof NotFoundError) return null;
        throw error;
      }
    },
    lockSubjectIds: (tx, storeId) => lockStoreRowIds(tx, table, storeId),
    async loadSnapshots(tx, subjectIds) {
      if (subjectIds.length === 0) return [];
      const rows = await tx
        .select({ id: table.id, storeId: table.storeId })
        .from(table)
        .where(inArray(table.id, [...subjectIds]));
      const storeOf = new Map(rows.map((row) => [String(row.id), String(row.storeId)]));
      const found: { subjectId: string; snapshot: Snapshot }[] = [];
      for (const subjectId of subjectIds) {
        const storeId = storeOf.get(subjectId);
        if (storeId) found.push({ subjectId, snapshot: await load(tx, storeId, subjectId) });
      }
      return found;
    },
  };
}

const returnTopic: TopicSource<TopicSnapshots["return"]> = {
  async loadSnapshot(tx, storeId, subjectId) {
    const view = await loadReturnView(tx, { returnId: subjectId, storeIds: [storeId] });
    return view ? { return: view.return, order: view.order } : null;
  },
  lockSubjectIds: (tx, storeId) => lockStoreRowIds(tx, returns, storeId),
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
  lockSubjectIds: (tx, storeId) => lockStoreRowIds(tx, inventoryItems, storeId),
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
  lockSubjectIds: (tx, storeId) => lockStoreRowIds(tx, inboundShipments, storeId),
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

const transferTopic = storeRowTopic(transfers, async (tx, storeId, transferId) => ({
  transfer: await getTransfer(tx, { storeId, transferId }),
}));

const supplierClaimTopic = storeRowTopic(supplierClaims, async (tx, storeId, supplierClaimId) => ({
  supplier_claim: await getSupplierClaim(tx, { storeId, supplierClaimId, publicUrl: readConfig().publicUrl }),
}));

export const EVENT_TOPICS: { readonly [T in WebhookTopic]: TopicSource<TopicSnapshots[T]> } = {
  return: returnTopic,
  inventory_item: inventoryItemTopic,
  inbound_shipment: inboundShipmentTopic,
  transfer: transferTopic,
  supplier_claim: supplierClaimTopic,
  alert: alertTopic,
};
