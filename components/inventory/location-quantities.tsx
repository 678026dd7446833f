import { ArrowRight, SlidersHorizontal } from "lucide-react";
import Link from "next/link";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { ColumnHeadings } from "@/components/ui/column-headings";
import { formatNumber } from "@/lib/client/format";
import type { InventoryItem } from "@/lib/schemas/inventory-items";

const headingPadding = "px-5 py-2.5";

/**
 * The item's stock per location, largest first, each with the way to what is on its way there. With
 * `onChangeStock` (staff who may write), a "Change stock" action opens the adjust/count dialog.
 */
export function LocationQuantities({
  item,
  storeId,
  onChangeStock,
}: {
  item: InventoryItem;
  storeId: string;
  onChangeStock?: (locationId?: string) => void;
}) {
  const levels = [...item.locations].sort(
    (a, b) => b.quantity - a.quantity || a.location_name.localeCompare(b.location_name),
  );
  return (
    <Card
      title="Quantity per location"
      description={
        levels.length === 0
          ? undefined
          : `${formatNumber(item.quantity)} in ${levels.length} ${levels.length === 1 ? "location" : "locations"}`
      }
      bodyClassName="p-0"
      className="self-start"
      actions={
        onChangeStock ? (
          <Button size="sm" onClick={() => onChangeStock()}>
            <SlidersHorizontal aria-hidden="true" className="size-4" />
            Change stock
          </Button>
        ) : undefined
      }
    >
      {levels.length === 0 ? (
        <p className="px-5 py-8 text-center text-sm text-slate-600">No location holds this item right now.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm" aria-label="Quantity per location">
            <ColumnHeadings
              className="bg-slate-50"
              cellClassName={headingPadding}
              columns={[
                { label: "Location" },
                { label: "Quantity", numeric: true },
                { label: "Inbound shipments", srOnly: true },
              ]}
            />
            <tbody>
              {levels.map((level) => (
                <tr key={level.location_id} className="border-t border-slate-100">
                  <th scope="row" className="px-5 py-3 text-left font-medium text-slate-900">
                    {level.location_name}
                  </th>
                  <td
                    className={`px-5 py-3 text-right tabular-nums ${level.quantity === 0 ? "text-slate-600" : "text-slate-900"}`}
                  >
                    {formatNumber(level.quantity)}
                  </td>
                  <td className="px-5 py-3 text-right">
                    <Link
                      href={`/stores/${storeId}/shipments?location=${level.location_id}`}
                      className="inline-flex items-center gap-1 whitespace-nowrap text-indigo-700 hover:underline"
                    >
                      Inbound shipments
                      <span className="sr-only"> to {level.location_name}</span>
                      <ArrowRight aria-hidden="true" className="size-3.5" />
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr className="border-t border-slate-200 bg-slate-50">
                <th scope="row" className="px-5 py-3 text-left font-medium text-slate-900">
                  Total
                </th>
                <td className="px-5 py-3 text-right font-medium tabular-nums text-slate-900">
                  {formatNumber(item.quantity)}
                </td>
                <td />
              </tr>
            </tfoot>
          </table>
        </div>
      )}
    </Card>
  );
}
