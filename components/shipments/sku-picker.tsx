"use client";

import { Plus } from "lucide-react";
import { SearchPicker, useSearchText } from "@/components/ui/search-picker";
import { useProductSearch } from "@/lib/client/hooks/inventory-items";

export type PickedSku = { sku: string; title: string };

/**
 * Finds catalog products by part of their name or SKU (the inventory search) and offers each match as an
 * "Add" button. A scanned or typed exact SKU followed by Enter adds it directly.
 */
export function SkuPicker({
  storeId,
  onPick,
  picked,
  pickedLabel = "On the shipment",
}: {
  storeId: string;
  onPick: (item: PickedSku) => void;
  picked: ReadonlySet<string>;
  /** What a product already picked says instead of "Add". */
  pickedLabel?: string;
}) {
  const search = useSearchText();
  const results = useProductSearch(storeId, search.term);
  return (
    <SearchPicker
      search={search}
      label="Add a product by name or SKU"
      placeholder="e.g. jacket or NW-JKT-001"
      listLabel="Matching products"
      noMatches={(term) => `No product matches “${term}”.`}
      pending={results.isPending}
      matches={results.data ?? []}
      matchKey={(item) => item.id}
      isExact={(item, typed) => item.sku.toLowerCase() === typed}
      isDisabled={(item) => picked.has(item.sku)}
      onPick={(item) => {
        onPick({ sku: item.sku, title: item.name ?? item.sku });
        search.reset();
      }}
      renderMatch={(item) => (
        <>
          <span className="block truncate font-medium">{item.name ?? item.sku}</span>
          <span className="block font-mono text-xs text-slate-600">{item.sku}</span>
        </>
      )}
      renderAction={(item) =>
        picked.has(item.sku) ? (
          pickedLabel
        ) : (
          <>
            <Plus aria-hidden="true" className="size-4" />
            Add<span className="sr-only"> {item.sku}</span>
          </>
        )
      }
    />
  );
}
