import { useInfiniteQuery, useMutation, useQueryClient } from "@tanstack/react-query";
import { toast } from "@/lib/client/toast";
import type { InventoryMovementReason } from "@/lib/enums";
import type { InventoryMovement } from "@/lib/schemas/inventory-levels";
import { ApiError, errorMessage } from "../api-client";
import { newWriteKey, sendOrQueue } from "../offline-queue/browser-queue";
import { fetchListPage, type ListPage } from "../paged-list";
import { queryKeys } from "../query-keys";

const HISTORY_PAGE_SIZE = 25;

/** An item's ledger, newest first, 25 movements at a time. */
export function useItemMovements(storeId: string, inventoryItemId: string) {
  return useInfiniteQuery({
    queryKey: queryKeys.inventoryMovements.ofItem(storeId, inventoryItemId),
    queryFn: ({ pageParam, signal }) =>
      fetchListPage("listInventoryMovements", { storeId }, "inventory_movements", {
        query: { inventory_item_id: inventoryItemId },
        pageSize: HISTORY_PAGE_SIZE,
        cursor: pageParam,
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last: ListPage<InventoryMovement>) => last.next ?? undefined,
  });
}

export type StockChange = {
  locationId: string;
  mode: "adjust" | "count";
  quantity: number;
  reason: InventoryMovementReason;
  note?: string;
};

/** A 400 or 409 naming a field of the row is shown beside that field in the dialog. */
export function isStockFormError(error: unknown): error is ApiError {
  return error instanceof ApiError && error.errors.length > 0;
}

/**
 * Adjusts or counts one item at one location; the item, its lists and its history refresh. Offline (or when
 * the answer is lost) the change waits in the offline queue under the key made as the person acted.
 */
export function useChangeStock(
  storeId: string,
  inventoryItemId: string,
  actor: { id: string; name: string; itemLabel: string },
) {
  const client = useQueryClient();
  return useMutation({
    networkMode: "always",
    mutationFn: async (change: StockChange) => {
      const quantity = change.quantity.toLocaleString("en-US");
      return sendOrQueue(
        "createInventoryMovements",
        {
          params: { storeId },
          body: {
            movements: [
              {
                inventory_item_id: inventoryItemId,
                location_id: change.locationId,
                ...(change.mode === "adjust" ? { adjust_by: change.quantity } : { set_to: change.quantity }),
                reason: change.reason,
                ...(change.note ? { note: change.note } : {}),
              },
            ],
          },
        },
        {
          idempotencyKey: newWriteKey(),
          subject: `inventory_item:${inventoryItemId}`,
          summary: `${change.mode === "adjust" ? `Stock adjusted by ${quantity}` : `Stock counted at ${quantity}`} for ${actor.itemLabel}`,
          href: `/stores/${storeId}/inventory/${inventoryItemId}`,
          storeId,
          queuedBy: { id: actor.id, name: actor.name },
        },
      );
    },
    onSuccess: (sent) => {
      if (sent.queued) {
        toast.success("Stock change kept on this device", {
          description: "It is sent when the network returns (see “waiting to send” at the top).",
        });
        return;
      }
      const result = sent.data;
      void client.invalidateQueries({ queryKey: queryKeys.inventoryItems.all(storeId) });
      void client.invalidateQueries({ queryKey: queryKeys.inventoryMovements.all(storeId) });
      const level = result.inventory_levels[0];
      toast.success(
        result.inventory_movements.length === 0
          ? "The count matches the stock level: nothing changed"
          : `Stock updated${level ? `: ${level.quantity.toLocaleString("en-US")} at ${level.location.name}` : ""}`,
      );
    },
    onError: (error) => {
      if (!isStockFormError(error))
        toast.error("Stock was not changed", { description: errorMessage(error) });
    },
  });
}
