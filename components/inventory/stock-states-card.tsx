"use client";

import { Shuffle } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { ErrorState } from "@/components/ui/states";
import { errorMessage } from "@/lib/client/api-client";
import { formatNumber } from "@/lib/client/format";
import { useItemStockStates } from "@/lib/client/hooks/dispositions";
import type { StockState } from "@/lib/enums";
import type { ItemStockStates } from "@/lib/schemas/dispositions";
import { STOCK_STATE_LABELS } from "./movement-labels";

export type StockStatesLocation = ItemStockStates["locations"][number];
/** What the change dialog opens on: a location, and the state (and its place) the units leave. */
export type StockStateSource = { location: StockStatesLocation; state: StockState };

/**
 * The item's units by stock state at each location (docs/dispositions.md): sellable (the level, what the
 * published quantity counts) and each non-sellable state a disposition put units in, with their bins. With
 * `onChange` (staff who may write), each state has Change, which moves units to another state or bin.
 */
export function StockStatesCard({
  storeId,
  inventoryItemId,
  onChange,
}: {
  storeId: string;
  inventoryItemId: string;
  onChange?: (source: StockStateSource) => void;
}) {
  const stock = useItemStockStates(storeId, inventoryItemId);
  let body: React.ReactNode;
  if (stock.isError) {
    body = (
      <ErrorState
        title="The stock states could not be loaded"
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
          <li key={location.location_id} className="px-5 py-3" data-testid="stock-states-location">
            <p className="font-medium text-slate-900">{location.location_name}</p>
            <table className="mt-2 w-full text-sm">
              <caption className="sr-only">Stock states at {location.location_name}</caption>
              <thead className="sr-only">
                <tr>
                  <th scope="col">State</th>
                  <th scope="col">Units</th>
                  <th scope="col">Where</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                <StateRow
                  label={<Badge tone="green">Sellable</Badge>}
                  quantity={location.sellable}
                  where="The stock level: what can be sold"
                  onChange={
                    onChange && location.sellable > 0
                      ? () => onChange({ location, state: "sellable" })
                      : undefined
                  }
                  changeLabel={`Change sellable units at ${location.location_name}`}
                />
                {location.states.map((state) => (
                  <StateRow
                    key={state.state}
                    label={<Badge tone="amber">{STOCK_STATE_LABELS[state.state]}</Badge>}
                    quantity={state.quantity}
                    where={[
                      ...state.bins.map((bin) => `${bin.code} ${formatNumber(bin.quantity)}`),
                      ...(state.unbinned > 0 ? [`Unbinned ${formatNumber(state.unbinned)}`] : []),
                    ].join(" · ")}
                    onChange={onChange ? () => onChange({ location, state: state.state }) : undefined}
                    changeLabel={`Change ${STOCK_STATE_LABELS[state.state].toLowerCase()} units at ${location.location_name}`}
                  />
                ))}
              </tbody>
            </table>
            {location.states.length === 0 ? (
              <p className="mt-1 text-xs text-slate-500">No units held out of sellable stock here.</p>
            ) : null}
          </li>
        ))}
      </ul>
    );
  }
  return (
    <Card
      title="Stock states"
      description="Sellable units and units held apart by a disposition (open box, refurbish, return to vendor, …), per location."
      bodyClassName="p-0"
    >
      {body}
    </Card>
  );
}

function StateRow({
  label,
  quantity,
  where,
  onChange,
  changeLabel,
}: {
  label: React.ReactNode;
  quantity: number;
  where: string;
  onChange?: () => void;
  changeLabel: string;
}) {
  return (
    <tr className="align-middle">
      <td className="w-40 py-1 pr-3">{label}</td>
      <td className="w-16 py-1 pr-3 text-right font-medium tabular-nums">{formatNumber(quantity)}</td>
      <td className="py-1 pr-3 text-slate-600">{where}</td>
      <td className="w-24 py-1 text-right">
        {onChange ? (
          <Button size="sm" onClick={onChange} aria-label={changeLabel}>
            <Shuffle aria-hidden="true" className="size-4" />
            Change
          </Button>
        ) : null}
      </td>
    </tr>
  );
}
