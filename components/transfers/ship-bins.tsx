"use client";

import { ChevronDown } from "lucide-react";
import { useState } from "react";
import { controlClasses } from "@/components/ui/field";
import { Skeleton } from "@/components/ui/skeleton";
import { formatNumber } from "@/lib/client/format";
import { useItemBinStock } from "@/lib/client/hooks/bins";
import type { ShipTransferInput, Transfer } from "@/lib/schemas/transfers";

/** Units chosen per line (by item) and bin; what is not chosen leaves the origin's unbinned remainder. */
export type BinPicks = Record<string, Record<string, number>>;

/** Ship's body from the picks: only lines with units from a bin, only bins with units. */
export function shipBody(picks: BinPicks): ShipTransferInput {
  const lines = Object.entries(picks).flatMap(([itemId, byBin]) => {
    const fromBins = Object.entries(byBin)
      .filter(([, quantity]) => quantity > 0)
      .map(([binId, quantity]) => ({ bin_id: binId, quantity }));
    return fromBins.length > 0 ? [{ inventory_item_id: itemId, from_bins: fromBins }] : [];
  });
  return lines.length > 0 ? { lines } : {};
}

/**
 * The ship dialog's lines, each with where its units leave the origin from (docs/transfers.md "Bins"): the
 * unbinned remainder unless bins are chosen. A line's bins are read when it is opened, so a 500-line transfer
 * asks for none until someone picks.
 */
export function ShipBins({
  storeId,
  transfer,
  picks,
  onChange,
}: {
  storeId: string;
  transfer: Transfer;
  picks: BinPicks;
  onChange: (picks: BinPicks) => void;
}) {
  return (
    <ul className="max-h-80 divide-y divide-slate-100 overflow-y-auto rounded-md border border-slate-200">
      {transfer.lines.map((line) => (
        <ShipLine
          key={line.id}
          storeId={storeId}
          originId={transfer.origin.id}
          line={line}
          picked={picks[line.inventory_item_id] ?? {}}
          onChange={(byBin) => onChange({ ...picks, [line.inventory_item_id]: byBin })}
        />
      ))}
    </ul>
  );
}

function ShipLine({
  storeId,
  originId,
  line,
  picked,
  onChange,
}: {
  storeId: string;
  originId: string;
  line: Transfer["lines"][number];
  picked: Record<string, number>;
  onChange: (byBin: Record<string, number>) => void;
}) {
  const [open, setOpen] = useState(false);
  const fromBins = Object.values(picked).reduce((sum, units) => sum + units, 0);
  const name = line.name ?? line.sku ?? line.inventory_item_id;
  const panelId = `ship-bins-${line.id}`;
  return (
    <li className="p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="min-w-0">
          <p className="text-sm font-medium text-slate-900">{name}</p>
          <p className="text-xs text-slate-600">
            {formatNumber(line.quantity)} {line.quantity === 1 ? "unit" : "units"}:{" "}
            {fromBins === 0
              ? "all unbinned"
              : `${formatNumber(fromBins)} from bins, ${formatNumber(Math.max(0, line.quantity - fromBins))} unbinned`}
          </p>
        </div>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((value) => !value)}
          className="inline-flex h-9 items-center gap-1 rounded-md px-2.5 text-sm font-medium text-slate-700 ring-1 ring-inset ring-slate-300 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          Choose bins<span className="sr-only"> for {name}</span>
          <ChevronDown aria-hidden="true" className={`size-4 ${open ? "rotate-180" : ""}`} />
        </button>
      </div>
      <div id={panelId} hidden={!open}>
        {open ? (
          <LineBins
            storeId={storeId}
            originId={originId}
            line={line}
            name={name}
            picked={picked}
            onChange={onChange}
          />
        ) : null}
      </div>
    </li>
  );
}

function LineBins({
  storeId,
  originId,
  line,
  name,
  picked,
  onChange,
}: {
  storeId: string;
  originId: string;
  line: Transfer["lines"][number];
  name: string;
  picked: Record<string, number>;
  onChange: (byBin: Record<string, number>) => void;
}) {
  const stock = useItemBinStock(storeId, line.inventory_item_id);
  if (stock.isPending) return <Skeleton className="mt-2 h-9 w-full" />;
  if (stock.isError) return <p className="mt-2 text-sm text-red-700">The bins could not be read.</p>;
  const here = stock.data.locations.find((location) => location.location_id === originId);
  // Archived bins ship nothing (the API refuses them): their units are moved out first.
  const bins = (here?.bins ?? []).filter((bin) => !bin.archived);
  if (bins.length === 0) {
    return (
      <p className="mt-2 text-sm text-slate-600">
        No bin at the origin holds this item: its units leave the unbinned remainder
        {here ? ` (${formatNumber(here.unbinned)} there)` : ""}.
      </p>
    );
  }
  return (
    <div className="mt-2 space-y-2">
      <p className="text-xs text-slate-600">
        Unbinned: {formatNumber(here?.unbinned ?? 0)} units. Units not taken from a bin leave from there.
      </p>
      {bins.map((bin) => {
        const id = `ship-${line.id}-${bin.bin_id}`;
        return (
          <div key={bin.bin_id} className="flex items-center gap-3">
            <label htmlFor={id} className="min-w-0 flex-1 text-sm text-slate-800">
              <span className="font-mono">{bin.code}</span>
              <span className="text-slate-600"> holds {formatNumber(bin.quantity)}</span>
              <span className="sr-only"> of {name}: units to ship from it</span>
            </label>
            {/* controlClasses make a control full width: the box sets the field's. */}
            <div className="w-20 shrink-0">
              <input
                id={id}
                inputMode="numeric"
                autoComplete="off"
                value={String(picked[bin.bin_id] ?? 0)}
                onFocus={(event) => event.currentTarget.select()}
                onChange={(event) => {
                  const digits = event.target.value.replace(/\D/g, "");
                  const units = Math.min(digits === "" ? 0 : Number(digits), bin.quantity, line.quantity);
                  onChange({ ...picked, [bin.bin_id]: units });
                }}
                className={`${controlClasses} h-9 text-right tabular-nums`}
              />
            </div>
          </div>
        );
      })}
    </div>
  );
}
