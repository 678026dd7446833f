"use client";

import { useQuery } from "@tanstack/react-query";
import { Plus, Search } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { TextInput } from "@/components/ui/field";
import { callApi } from "@/lib/client/call-api";
import { queryKeys } from "@/lib/client/query-keys";
import type { InventoryItem } from "@/lib/schemas/inventory-items";

export type PickedSku = { sku: string; title: string };

/**
 * Finds catalog products by part of their name or SKU (the inventory search) and offers each match as an
 * "Add" button: a list of buttons rather than a combobox, so it works the same with a mouse, a keyboard or a
 * screen reader. A scanned or typed exact SKU followed by Enter adds it directly.
 */
export function SkuPicker({
  storeId,
  onPick,
  picked,
}: {
  storeId: string;
  onPick: (item: PickedSku) => void;
  picked: ReadonlySet<string>;
}) {
  const inputId = useId();
  const [text, setText] = useState("");
  const [term, setTerm] = useState("");
  useEffect(() => {
    const timer = setTimeout(() => setTerm(text.trim()), 200);
    return () => clearTimeout(timer);
  }, [text]);
  const results = useQuery({
    queryKey: queryKeys.inventoryItems.search(storeId, term),
    queryFn: ({ signal }) =>
      callApi("listInventoryItems", {
        params: { storeId },
        query: { q: term, kind: "PRODUCT" },
        headers: { "X-Page-Size": "8" },
        signal,
      }).then((r) => r.data.inventory_items),
    enabled: term.length > 0,
    staleTime: 60_000,
  });
  const matches = (results.data ?? []).filter(
    (item): item is InventoryItem & { sku: string } => item.sku !== null,
  );
  const pick = (item: InventoryItem & { sku: string }) => {
    onPick({ sku: item.sku, title: item.name ?? item.sku });
    setText("");
    setTerm("");
  };

  return (
    <div>
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
        Add a product by name or SKU
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
          placeholder="e.g. jacket or NW-JKT-001"
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key !== "Enter") return;
            event.preventDefault();
            const exact = matches.find((item) => item.sku.toLowerCase() === text.trim().toLowerCase());
            if (exact) pick(exact);
          }}
        />
      </div>
      {term.length > 0 ? (
        <div className="mt-2" aria-live="polite">
          {results.isPending ? (
            <p className="text-sm text-slate-600">Searching…</p>
          ) : matches.length === 0 ? (
            <p className="text-sm text-slate-600">No product matches “{term}”.</p>
          ) : (
            <ul
              className="divide-y divide-slate-100 rounded-md border border-slate-200"
              aria-label="Matching products"
            >
              {matches.map((item) => {
                const already = picked.has(item.sku);
                return (
                  <li key={item.id}>
                    <button
                      type="button"
                      disabled={already}
                      onClick={() => pick(item)}
                      className="flex w-full items-center justify-between gap-3 px-3 py-2 text-left text-sm hover:bg-indigo-50 focus-visible:outline-2 focus-visible:outline-indigo-600 disabled:cursor-default disabled:bg-slate-50 disabled:text-slate-500"
                    >
                      <span className="min-w-0">
                        <span className="block truncate font-medium">{item.name ?? item.sku}</span>
                        <span className="block font-mono text-xs text-slate-600">{item.sku}</span>
                      </span>
                      <span className="inline-flex shrink-0 items-center gap-1 text-indigo-700">
                        {already ? (
                          "On the shipment"
                        ) : (
                          <>
                            <Plus aria-hidden="true" className="size-4" />
                            Add<span className="sr-only"> {item.sku}</span>
                          </>
                        )}
                      </span>
                    </button>
                  </li>
                );
              })}
            </ul>
          )}
        </div>
      ) : null}
    </div>
  );
}
