"use client";

import { PackageCheck } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { buildCodeIndex } from "@/components/scanning/code-index";
import { Button } from "@/components/ui/button";
import { useLocationBins } from "@/lib/client/hooks/bins";
import { useInboundReceipts } from "@/lib/client/hooks/receipts";
import { flattenPages } from "@/lib/client/paged-list";
import type { Receipt } from "@/lib/schemas/inbound-receipts";
import { PutawayLine, type PutawayLineInput } from "./putaway-line";

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
 * Putaway of the receipt just recorded (docs/bins.md), on the shipment page Receive mode opens after it: each
 * received line with its suggested bin; staff scan a bin label (a scanner types the code and Enter, or the
 * camera reads it) or type its code, and the units move from unbinned into that bin through the ledger. Shown
 * only where the location has bins; units not put away stay unbinned.
 */
export function PutawayCard({
  storeId,
  inboundShipmentId,
  receiptId,
}: {
  storeId: string;
  inboundShipmentId: string;
  receiptId: string;
}) {
  const headingId = useId();
  const receipts = useInboundReceipts(storeId, inboundShipmentId);
  const receipt = flattenPages(receipts.data?.pages).find((candidate) => candidate.id === receiptId);
  const bins = useLocationBins(storeId, receipt?.location.id ?? null);
  const [closed, setClosed] = useState(false);
  // Fixed once the receipt is found, so lines stay while their units are put away.
  const lines = useMemo(() => (receipt ? putawayLines(receipt) : []), [receipt]);
  const index = useMemo(() => {
    const active = (bins.data ?? []).filter((bin) => !bin.archived);
    const codes = new Map(active.map((bin) => [bin.id, bin.code]));
    return {
      ...buildCodeIndex(
        active.map((bin) => ({ id: bin.id, sku: bin.code, upc: null, identifiers: [bin.code] })),
      ),
      count: active.length,
      codeOf: (binId: string) => codes.get(binId) ?? binId,
    };
  }, [bins.data]);
  if (closed || !receipt || lines.length === 0 || index.count === 0) return null;
  const focusNext = (finished: number) => {
    const next = document.getElementById(`putaway-bin-${finished + 1}`);
    if (next) next.focus();
    else document.getElementById("putaway-done")?.focus();
  };

  return (
    <section
      aria-labelledby={headingId}
      className="rounded-lg border border-indigo-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h2 id={headingId} className="flex items-center gap-2 text-base font-semibold text-slate-900">
            <PackageCheck className="size-5 text-indigo-600" aria-hidden="true" />
            Put away at {receipt.location.name}
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Scan the label of the bin each line goes to, or type its code. To split a line, lower the units
            and scan another bin. Units you do not put away stay unbinned.
          </p>
        </div>
        <Button id="putaway-done" onClick={() => setClosed(true)}>
          Done
        </Button>
      </div>
      <ol className="mt-4 space-y-3">
        {lines.map((line, at) => (
          <PutawayLine
            key={line.lineId}
            storeId={storeId}
            locationId={receipt.location.id}
            line={line}
            index={at}
            bins={index}
            onFinished={focusNext}
          />
        ))}
      </ol>
    </section>
  );
}
