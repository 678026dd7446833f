"use client";

import { useMemo } from "react";
import { PutawayCard } from "@/components/putaway/putaway-card";
import { useInboundReceipts } from "@/lib/client/hooks/receipts";
import { flattenPages } from "@/lib/client/paged-list";
import { putawayLines } from "./receipt-putaway-lines";

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
  const all = useMemo(() => flattenPages(receipts.data?.pages), [receipts.data]);
  const receipt = all.find((candidate) => candidate.id === receiptId);
  const lines = useMemo(() => (receipt ? putawayLines(receipt, all) : []), [receipt, all]);
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
