"use client";

import { useMemo } from "react";
import { STOCK_STATE_LABELS } from "@/components/inventory/movement-labels";
import { PutawayCard } from "@/components/putaway/putaway-card";
import type { PutawayLineInput } from "@/components/putaway/putaway-line";
import { useProcessedUnits } from "@/lib/client/hooks/dispositions";
import { useStoreLocations } from "@/lib/client/hooks/locations";
import { stockStateOf } from "@/lib/enums";
import type { Order } from "@/lib/schemas/orders";
import type { Return } from "@/lib/schemas/returns";
import { itemTitle } from "./return-item-details";

/**
 * Putaway after processing (docs/dispositions.md): the units this page just restocked or put into a
 * non-sellable state, one shared putaway card per location, with the same suggestion as a receipt's. Restocked
 * units go into bins as sellable stock; held units stay in their state, in the bin scanned.
 */
export function ReturnPutaway({ storeId, ret, order }: { storeId: string; ret: Return; order: Order }) {
  const processed = useProcessedUnits(ret.id);
  const locations = useStoreLocations(storeId);
  const byLocation = useMemo(() => {
    const lines = new Map(order.items.map((line) => [line.id, line]));
    const groups = new Map<string, PutawayLineInput[]>();
    for (const unit of processed.data ?? []) {
      const item = ret.items.find((candidate) => candidate.id === unit.item_id);
      const state = stockStateOf(unit.disposition);
      const line: PutawayLineInput = {
        lineId: unit.item_id,
        inventoryItemId: unit.inventory_item_id,
        title: item ? itemTitle(item, lines.get(item.orderItem.id)) : unit.item_id,
        sku: item?.sku ?? null,
        quantity: unit.quantity,
        state,
        detail: STOCK_STATE_LABELS[state],
      };
      groups.set(unit.location_id, [...(groups.get(unit.location_id) ?? []), line]);
    }
    return [...groups.entries()];
    // The lines are fixed per processing, so they stay while their units are put away.
  }, [processed.data, ret.items, order.items]);
  if (byLocation.length === 0) return null;
  return (
    <>
      {byLocation.map(([locationId, lines], at) => (
        <PutawayCard
          key={locationId}
          storeId={storeId}
          locationId={locationId}
          locationName={locations.data?.find((l) => l.id === locationId)?.name ?? "the location"}
          lines={lines}
          idPrefix={at === 0 ? "putaway" : `putaway-${at}`}
        />
      ))}
    </>
  );
}
