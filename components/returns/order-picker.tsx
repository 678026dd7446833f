"use client";

import { SearchPicker, useSearchText } from "@/components/ui/search-picker";
import { formatMoney } from "@/lib/client/format";
import { useOrderSearch } from "@/lib/client/hooks/orders";
import type { ApiOrder } from "@/lib/schemas/order-api";

/**
 * Finds an order by the start of its name (#1042), the merchant's order id or the customer's email.
 * Enter on an exact name or id picks it at once.
 */
export function OrderPicker({ storeId, onPick }: { storeId: string; onPick: (order: ApiOrder) => void }) {
  const search = useSearchText();
  const results = useOrderSearch(storeId, search.term);
  return (
    <SearchPicker
      search={search}
      label="Find the order by its number, id or the customer's email"
      placeholder="e.g. #1042 or jane@example.com"
      listLabel="Matching orders"
      noMatches={(term) => `No order starts with “${term}”.`}
      pending={results.isPending}
      matches={results.data ?? []}
      matchKey={(order) => order.id}
      isExact={(order, typed) => order.name.toLowerCase() === typed || order.orderId.toLowerCase() === typed}
      onPick={onPick}
      renderMatch={(order) => (
        <>
          <span className="block font-medium text-slate-900">
            {order.name} · {order.customer.name ?? order.customer.email}
          </span>
          <span className="block truncate text-xs text-slate-600">
            {new Date(order.createdAt).toLocaleDateString("en-US", { dateStyle: "medium" })} ·{" "}
            {order.lineItems.length} {order.lineItems.length === 1 ? "line" : "lines"} ·{" "}
            {formatMoney({
              amount: (order.totalPrice ?? 0).toFixed(2),
              currency: order.currencyCode ?? "USD",
            })}
          </span>
        </>
      )}
      renderAction={(order) => (
        <>
          Choose<span className="sr-only"> order {order.name}</span>
        </>
      )}
    />
  );
}
