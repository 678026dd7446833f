"use client";

import { useMemo } from "react";
import { buildCodeIndex } from "@/components/scanning/code-index";
import { Button } from "@/components/ui/button";
import { Dialog } from "@/components/ui/dialog";
import { useLocationBins } from "@/lib/client/hooks/bins";
import type { Receipt } from "@/lib/schemas/inbound-receipts";
import { PutawayLine, type PutawayLineInput } from "./putaway-line";

/** The received lines of a recorded receipt that can be put away: good units of an item, not yet in a bin. */
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
 * Putaway after a receipt (docs/bins.md): each received line with its suggested bin; staff scan a bin label (a
 * scanner types the code and Enter, or the camera reads it) or type its code, and the units move from unbinned
 * into that bin through the ledger. Units not put away stay unbinned.
 */
export function PutawayDialog({
  storeId,
  location,
  lines,
  onDone,
}: {
  storeId: string;
  location: { id: string; name: string };
  lines: PutawayLineInput[];
  onDone: () => void;
}) {
  const bins = useLocationBins(storeId, location.id);
  const index = useMemo(() => {
    const active = (bins.data ?? []).filter((bin) => !bin.archived);
    const codes = new Map(active.map((bin) => [bin.id, bin.code]));
    return {
      ...buildCodeIndex(
        active.map((bin) => ({ id: bin.id, sku: bin.code, upc: null, identifiers: [bin.code] })),
      ),
      codeOf: (binId: string) => codes.get(binId) ?? binId,
    };
  }, [bins.data]);
  const focusNext = (finished: number) => {
    const next = document.getElementById(`putaway-bin-${finished + 1}`);
    if (next) next.focus();
    else document.getElementById("putaway-done")?.focus();
  };

  return (
    <Dialog
      open
      onClose={onDone}
      size="lg"
      title={`Put away at ${location.name}`}
      description="Scan the label of the bin each line goes to (or type its code). To split a line, lower the units and scan another bin. Units you do not put away stay unbinned."
      footer={
        <Button id="putaway-done" variant="primary" onClick={onDone}>
          Done
        </Button>
      }
    >
      <ol className="space-y-3">
        {lines.map((line, at) => (
          <PutawayLine
            key={line.lineId}
            storeId={storeId}
            locationId={location.id}
            line={line}
            index={at}
            bins={index}
            onFinished={focusNext}
          />
        ))}
      </ol>
    </Dialog>
  );
}
