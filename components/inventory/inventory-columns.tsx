import type { ColumnDef } from "@tanstack/react-table";
import Link from "next/link";
import { RelativeTime } from "@/components/ui/relative-time";
import { formatNumber } from "@/lib/client/format";
import type { InventoryItem } from "@/lib/schemas/inventory-items";
import { InventoryKindBadge } from "./inventory-kind-badge";
import { STOCK_STATE_LABELS } from "./movement-labels";

export const INVENTORY_ROW_HEIGHT = 45;

/** An item's display name: unnamed and unlabelled goods exist (kind UNKNOWN). */
export function inventoryItemTitle(item: Pick<InventoryItem, "name" | "sku">): string {
  return item.name ?? item.sku ?? "Unnamed item";
}

/**
 * Item and Quantity always show; the rest give way on narrower screens in their priority's order (SKU,
 * then held and locations, kind, updated): at 768 px the list keeps item, SKU, quantity and held, at 1280 px
 * all but Updated, instead of scrolling the quantity out of view.
 */
export function inventoryColumns(storeId: string): ColumnDef<InventoryItem>[] {
  return [
    {
      id: "name",
      header: "Item",
      size: 240,
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
      size: 150,
      meta: { priority: 1 },
      cell: ({ row }) => <span className="block truncate font-mono text-xs">{row.original.sku ?? "—"}</span>,
    },
    {
      id: "kind",
      header: "Kind",
      size: 110,
      meta: { priority: 3 },
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
      id: "held",
      header: "Held",
      size: 120,
      meta: { priority: 2 },
      cell: ({ row }) => <HeldSummary item={row.original} />,
    },
    {
      id: "locations",
      header: "Locations",
      size: 240,
      meta: { priority: 2 },
      cell: ({ row }) => <LocationsSummary item={row.original} />,
    },
    {
      id: "updated",
      header: "Updated",
      size: 120,
      meta: { priority: 4 },
      cell: ({ row }) => <RelativeTime value={row.original.updated_at} className="whitespace-nowrap" />,
    },
  ];
}

/**
 * Units out of sellable stock: "3 open box" for one state, "5 held" for several (each state in the title and
 * for screen readers); a dash when none.
 */
function HeldSummary({ item }: { item: InventoryItem }) {
  if (item.held.length === 0) {
    return (
      <span className="text-slate-500">
        <span aria-hidden="true">—</span>
        <span className="sr-only">None held</span>
      </span>
    );
  }
  const text = item.held
    .map((held) => `${formatNumber(held.quantity)} ${STOCK_STATE_LABELS[held.state].toLowerCase()}`)
    .join(" · ");
  if (item.held.length === 1) {
    return (
      <span className="block truncate text-amber-800" title={text}>
        {text}
      </span>
    );
  }
  const total = item.held.reduce((sum, held) => sum + held.quantity, 0);
  return (
    <span className="block truncate text-amber-800" title={text}>
      {formatNumber(total)} held<span className="sr-only">: {text}</span>
    </span>
  );
}

/**
 * The location holding the most stock, then how many more: "Reno Fulfillment Center 120 +2 more". Only the
 * name gives way when the cell is narrow; a quantity is never cut (a clipped "120" reads as "12").
 */
function LocationsSummary({ item }: { item: InventoryItem }) {
  if (item.locations.length === 0) return <span className="text-slate-600">No stock</span>;
  const sorted = [...item.locations].sort((a, b) => b.quantity - a.quantity);
  const text = sorted.map((l) => `${l.location_name} ${formatNumber(l.quantity)}`).join(", ");
  const [first] = sorted;
  if (!first) return null;
  const more = sorted.length - 1;
  return (
    <span className="flex min-w-0 items-baseline gap-1.5 text-slate-700" title={text}>
      <span className="truncate">{first.location_name}</span>
      <span className="shrink-0 tabular-nums">{formatNumber(first.quantity)}</span>
      {more > 0 ? (
        <span className="shrink-0 text-xs text-slate-600">
          +{more} more<span className="sr-only">: {text}</span>
        </span>
      ) : null}
    </span>
  );
}
