"use client";

import type { InboundShipmentDetail } from "@/lib/schemas/inbound-shipments";
import { ReceiptHistory } from "./receipt-history";
import { ReceiptPutawayCard } from "./receipt-putaway-card";
import { ShipmentDetailsCard } from "./shipment-details-card";
import { ShipmentLines } from "./shipment-lines";
import { ShipmentTimeline } from "./shipment-timeline";

/** The shipment page's body once the shipment is loaded (shipment-page.tsx fetches it). */
export function ShipmentPageBody({
  shipment,
  storeId,
  justRecorded,
}: {
  shipment: InboundShipmentDetail;
  storeId: string;
  justRecorded: string | null;
}) {
  const processed = shipment.received_count + shipment.damaged_count + shipment.missing_count;
  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
      <div className="min-w-0 space-y-6">
        {justRecorded ? (
          <ReceiptPutawayCard storeId={storeId} inboundShipmentId={shipment.id} receiptId={justRecorded} />
        ) : null}
        <ShipmentLines shipment={shipment} storeId={storeId} />
        <ReceiptHistory
          storeId={storeId}
          inboundShipmentId={shipment.id}
          processedWithoutReceipts={processed > 0}
          highlightId={justRecorded}
        />
      </div>
      <div className="min-w-0 space-y-6">
        <ShipmentDetailsCard shipment={shipment} />
        <ShipmentTimeline storeId={storeId} inboundShipmentId={shipment.id} />
      </div>
    </div>
  );
}
