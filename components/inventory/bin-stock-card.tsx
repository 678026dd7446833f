"use client";

import { ArrowRightLeft } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { ErrorState } from "@/components/ui/states";
import { errorMessage } from "@/lib/client/api-client";
import { formatNumber } from "@/lib/client/format";
import { useItemBinStock } from "@/lib/client/hooks/bins";
import type { ItemBinStock } from "@/lib/schemas/bins";

export type BinStockLocation = ItemBinStock["locations"][number];

/**
 * Where the item's units sit inside each location (docs/bins.md): per bin, and the unbinned remainder, which
 * with the bins always makes the level. With `onMove` (staff who may write), each location has a Move action.
 */
export function BinStockCard({
  storeId,
  inventoryItemId,
  onMove,
}: {
  storeId: string;
  inventoryItemId: string;
  onMove?: (location: BinStockLocation) => void;
}) {
  const stock = useItemBinStock(storeId, inventoryItemId);
  let body: React.ReactNode;
  if (stock.isError) {
    body = (
      <ErrorState
        title="The bins could not be loaded"
        message={errorMessage(stock.error)}
        onRetry={() => void stock.refetch()}
      />
    );
  } else if (!stock.data) {
    body = <Skeleton className="m-5 h-16" />;
  } else if (stock.data.locations.length === 0) {
    body = (
      <p className="px-5 py-6 text-center text-sm text-slate-600">No location holds this item right now.</p>
    );
  } else {
    body = (
      <ul className="divide-y divide-slate-100">
        {stock.data.locations.map((location) => (
          <li key={location.location_id} className="flex flex-wrap items-start gap-3 px-5 py-3">
            <div className="min-w-40 flex-1">
              <p className="font-medium text-slate-900">{location.location_name}</p>
              <ul
                className="mt-1 flex flex-wrap gap-2 text-sm"
                aria-label={`Bins at ${location.location_name}`}
              >
                {location.bins.map((bin) => (
                  <li key={bin.bin_id} className="rounded-md bg-slate-100 px-2 py-0.5 text-slate-800">
                    <span className="font-mono">{bin.code}</span>{" "}
                    <span className="tabular-nums font-medium">{formatNumber(bin.quantity)}</span>
                  </li>
                ))}
                <li className="rounded-md px-2 py-0.5 text-slate-600 ring-1 ring-slate-200 ring-inset">
                  Unbinned <span className="tabular-nums font-medium">{formatNumber(location.unbinned)}</span>
                </li>
              </ul>
            </div>
            {onMove && location.quantity > 0 ? (
              <Button size="sm" onClick={() => onMove(location)}>
                <ArrowRightLeft aria-hidden="true" className="size-4" />
                Move<span className="sr-only"> units at {location.location_name}</span>
              </Button>
            ) : null}
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Card
      title="Bins"
      description="Units per bin at each location; the rest is unbinned. Receipts and returns land unbinned."
      bodyClassName="p-0"
    >
      {body}
    </Card>
  );
}
