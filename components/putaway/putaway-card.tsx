"use client";

import { PackageCheck } from "lucide-react";
import { useId, useMemo, useState } from "react";
import { buildCodeIndex } from "@/components/scanning/code-index";
import { Button } from "@/components/ui/button";
import { useLocationBins } from "@/lib/client/hooks/bins";
import { PutawayLine, type PutawayLineInput } from "./putaway-line";

/**
 * Putaway (docs/bins.md) of units that just arrived at a location: a receipt's lines on the shipment page, or a
 * processed return's restocked and held units on the return page (docs/dispositions.md). Each line has its
 * suggested bin; staff scan a bin label (a scanner types the code and Enter, or the camera reads it) or type its
 * code, and the units move from unbinned into that bin through the ledger; lowering the units splits a line.
 * Shown only where the location has active bins; units not put away stay unbinned.
 */
export function PutawayCard({
  storeId,
  locationId,
  locationName,
  lines,
  idPrefix = "putaway",
}: {
  storeId: string;
  locationId: string;
  locationName: string;
  /** Fixed by the caller once known, so lines stay while their units are put away. */
  lines: readonly PutawayLineInput[];
  /** Prefixes the fields' ids, so two cards on one page (two locations) keep theirs apart. */
  idPrefix?: string;
}) {
  const headingId = useId();
  const bins = useLocationBins(storeId, locationId);
  const [closed, setClosed] = useState(false);
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
  if (closed || lines.length === 0 || index.count === 0) return null;
  const doneId = `${idPrefix}-done`;
  const focusNext = (finished: number) => {
    const next = document.getElementById(`${idPrefix}-bin-${finished + 1}`);
    if (next) next.focus();
    else document.getElementById(doneId)?.focus();
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
            Put away at {locationName}
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Scan the label of the bin each line goes to, or type its code. To split a line, lower the units
            and scan another bin. Units you do not put away stay unbinned.
          </p>
        </div>
        <Button id={doneId} onClick={() => setClosed(true)}>
          Done
        </Button>
      </div>
      <ol className="mt-4 space-y-3">
        {lines.map((line, at) => (
          <PutawayLine
            key={line.lineId}
            storeId={storeId}
            locationId={locationId}
            line={line}
            index={at}
            idPrefix={idPrefix}
            bins={index}
            onFinished={focusNext}
          />
        ))}
      </ol>
    </section>
  );
}
