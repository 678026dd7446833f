import type { ColumnDef } from "@tanstack/react-table";
import Link from "next/link";
import { RelativeTime } from "@/components/ui/relative-time";
import { formatNumber } from "@/lib/client/format";
import type { InventoryItem } from "@/lib/schemas/inventory-items";
import { InventoryKindBadge } from "./inventory-kind-badge";

export const INVENTORY_ROW_HEIGHT = 45;

/** An item's display name: unnamed and unlabelled goods exist (kind UNKNOWN). */
export function inventoryItemTitle(item: Pick<InventoryItem, "name" | "sku">): string {
  return item.name ?? item.sku ?? "Unnamed item";
}

export function inventoryColumns(storeId: string): ColumnDef<InventoryItem>[] {
  return [
    {
      id: "name",
      header: "Item",
      size: 320,
      cell: ({ row: { original: item } }) => (
        <Link
          href={`/stores/${storeId}/inventory/${item.id}`}
          className="block truncate font-medium text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
        >
          {inventoryItemTitle(item)}
        </Link>
      ),
    },
    {
      id: "sku",
      header: "SKU",
      size: 170,
      cell: ({ row }) => <span className="block truncate font-mono text-xs">{row.original.sku ?? "—"}</span>,
    },
    {
      id: "kind",
      header: "Kind",
      size: 130,
      cell: ({ row }) => <InventoryKindBadge kind={row.original.kind} />,
    },
    {
      id: "quantity",
      header: "Quantity",
      size: 100,
      meta: { align: "right" },
      cell: ({ row }) => formatNumber(row.original.quantity),
    },
    {
      id: "locations",
      header: "Locations",
      size: 260,
      cell: ({ row }) => <LocationsSummary item={row.original} />,
    },
    {
      id: "updated",
      header: "Updated",
      size: 130,
      cell: ({ row }) => <RelativeTime value={row.original.updated_at} className="whitespace-nowrap" />,
    },
  ];
}

/** "Reno Fulfillment Center 120, Denver Store 4" — the largest stock first. */
function LocationsSummary({ item }: { item: InventoryItem }) {
  if (item.locations.length === 0) return <span className="text-slate-600">No stock</span>;
  const text = [...item.locations]
    .sort((a, b) => b.quantity - a.quantity)
    .map((l) => `${l.location_name} ${formatNumber(l.quantity)}`)
    .join(", ");
  return (
    <span className="block truncate text-slate-700" title={text}>
      {text}
    </span>
  );
}
