"use client";

import { Search } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { TextInput } from "@/components/ui/field";
import { formatMoney } from "@/lib/client/format";
import { useOrderSearch } from "@/lib/client/hooks/orders";
import type { ApiOrder } from "@/lib/schemas/order-api";

/**
 * Finds an order by the start of its name (#1042), the merchant's order id or the customer's email, and
 * offers each match as a button (as the shipment form's product search does: the same with a mouse, a
 * keyboard or a screen reader). Enter on an exact name or id picks it at once.
 */
export function OrderPicker({ storeId, onPick }: { storeId: string; onPick: (order: ApiOrder) => void }) {
  const inputId = useId();
  const [text, setText] = useState("");
  const [term, setTerm] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setTerm(text.trim()), 200);
    return () => clearTimeout(timer);
  }, [text]);
  const results = useOrderSearch(storeId, term);
  const matches = results.data ?? [];

  return (
    <div>
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
        Find the order by its number, id or the customer&apos;s email
      </label>
      <div className="relative mt-1">
        <Search
          aria-hidden="true"
          className="pointer-events-none absolute left-2.5 top-2.5 size-4 text-slate-400"
        />
        <TextInput
          id={inputId}
          type="search"
          className="pl-8"
          autoComplete="off"
          value={text}
          placeholder="e.g. #1042 or jane@example.com"
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== "Enter") return;
            event.preventDefault();
            const typed = text.trim().toLowerCase();
            const exact = matches.find(
              (order) => order.name.toLowerCase() === typed || order.orderId.toLowerCase() === typed,
            );
            if (exact) onPick(exact);
          }}
        />
      </div>
      {term.length > 0 ? (
        <div className="mt-2" aria-live="polite">
          {results.isPending ? (
            <p className="text-sm text-slate-600">Searching…</p>
          ) : matches.length === 0 ? (
            <p className="text-sm text-slate-600">No order starts with “{term}”.</p>
          ) : (
            <ul
              className="divide-y divide-slate-100 rounded-md border border-slate-200"
              aria-label="Matching orders"
            >
              {matches.map((order) => (
                <li key={order.id}>
                  <button
                    type="button"
                    onClick={() => onPick(order)}
                    className="flex w-full items-center justify-between gap-3 px-3 py-2 text-left text-sm hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600"
                  >
                    <span className="min-w-0">
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
                    </span>
                    <span className="shrink-0 text-indigo-700">
                      Choose<span className="sr-only"> order {order.name}</span>
                    </span>
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </div>
  );
}
