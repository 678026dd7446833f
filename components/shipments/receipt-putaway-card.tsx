"use client";

import { useMemo } from "react";
import { PutawayCard } from "@/components/putaway/putaway-card";
import type { PutawayLineInput } from "@/components/putaway/putaway-line";
import { useInboundReceipts } from "@/lib/client/hooks/receipts";
import { flattenPages } from "@/lib/client/paged-list";
import type { Receipt } from "@/lib/schemas/inbound-receipts";

/** The received lines of a receipt that can be put away: good units of an item, not sent straight into a bin. */
export function putawayLines(receipt: Receipt): PutawayLineInput[] {
  if (receipt.bin_id) return [];
  return receipt.lines.flatMap((line) =>
    line.received > 0 && line.inventory_item_id
      ? [
          {
            lineId: line.id,
            inventoryItemId: line.inventory_item_id,
            title: line.title,
            sku: line.sku,
            quantity: line.received,
          },
        ]
      : [],
  );
}

/**
 * Putaway of the receipt just recorded, on the shipment page Receive mode opens after it (docs/bins.md): the
 * shared card with the receipt's lines.
 */
export function ReceiptPutawayCard({
  storeId,
  inboundShipmentId,
  receiptId,
}: {
  storeId: string;
  inboundShipmentId: string;
  receiptId: string;
}) {
  const receipts = useInboundReceipts(storeId, inboundShipmentId);
  const receipt = flattenPages(receipts.data?.pages).find((candidate) => candidate.id === receiptId);
  const lines = useMemo(() => (receipt ? putawayLines(receipt) : []), [receipt]);
  if (!receipt) return null;
  return (
    <PutawayCard
      storeId={storeId}
      locationId={receipt.location.id}
      locationName={receipt.location.name}
      lines={lines}
    />
  );
}
