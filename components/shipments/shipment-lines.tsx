"use client";

import { TriangleAlert } from "lucide-react";
import Link from "next/link";
import { Card } from "@/components/ui/card";
import { ColumnHeadings } from "@/components/ui/column-headings";
import { ScrollRegion } from "@/components/ui/scroll-region";
import { formatNumber } from "@/lib/client/format";
import { useProductItemsBySku } from "@/lib/client/hooks/inventory-items";
import type { InboundShipmentDetail } from "@/lib/schemas/inbound-shipments";
import { itemCounts, type LineProgress, lineProgress, shipmentProgress } from "./line-progress";
import { LineStateBadge, UnitsBar } from "./units-bar";

const headingPadding = "px-3 py-2.5";
const num = "px-3 py-2.5 text-right tabular-nums";

// A line that will not match its expected units stands out: damaged or missing units red, an overage amber.
const ROW_TONE: Partial<Record<LineProgress["state"], string>> = {
  short: "bg-red-50/60",
  over: "bg-amber-50",
};

/** The shipment's lines: expected against received, damaged and missing, with progress and discrepancies. */
export function ShipmentLines({ shipment, storeId }: { shipment: InboundShipmentDetail; storeId: string }) {
  const total = shipmentProgress(shipment.items.map(itemCounts));
  const skus = [...new Set(shipment.items.map((item) => item.product.sku).filter((sku) => sku !== null))];
  const lookups = useProductItemsBySku(storeId, skus);
  const itemIdBySku = new Map(skus.map((sku, index) => [sku, lookups[index]?.data?.id]));

  return (
    <Card
      title="Lines"
      description={`${formatNumber(shipment.sku_count)} ${shipment.sku_count === 1 ? "SKU" : "SKUs"}, ${formatNumber(total.expected)} units expected`}
      bodyClassName="p-0"
    >
      <div className="space-y-2 border-b border-slate-200 px-5 py-4">
        <ShipmentTotals total={total} />
        <UnitsBar progress={total} className="h-3" />
        <p className="flex flex-wrap gap-x-4 text-xs text-slate-600" aria-hidden="true">
          <Legend className="bg-indigo-500" label="Received" />
          <Legend className="bg-red-500" label="Damaged" />
          <Legend className="bg-amber-400" label="Missing" />
        </p>
      </div>
      <ScrollRegion label="Shipment lines table">
        <table className="w-full min-w-[36rem] text-sm" aria-label="Lines of this shipment">
          <ColumnHeadings
            className="bg-slate-50"
            cellClassName={headingPadding}
            columns={[
              { label: "Product" },
              ...["Expected", "Received", "Damaged", "Missing"].map((label) => ({ label, numeric: true })),
              { label: "Progress", className: "w-40" },
            ]}
          />
          <tbody>
            {shipment.items.map((item) => {
              const progress = lineProgress(itemCounts(item));
              const inventoryItemId = item.product.sku ? itemIdBySku.get(item.product.sku) : undefined;
              return (
                <tr
                  key={item.id}
                  className={`border-t border-slate-100 align-top ${ROW_TONE[progress.state] ?? ""}`}
                >
                  <td className="px-3 py-2.5">
                    <div className="text-slate-900">{item.product.title}</div>
                    <div className="flex flex-wrap gap-x-3 font-mono text-xs text-slate-600">
                      {inventoryItemId ? (
                        <Link
                          href={`/stores/${storeId}/inventory/${inventoryItemId}`}
                          className="text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
                        >
                          {item.product.sku}
                        </Link>
                      ) : (
                        <span>{item.product.sku ?? "No SKU"}</span>
                      )}
                      {item.product.upc ? <span>UPC {item.product.upc}</span> : null}
                    </div>
                  </td>
                  <td className={num}>{formatNumber(item.quantity)}</td>
                  <td className={num}>{formatNumber(item.received_quantity)}</td>
                  <td className={`${num} ${item.damaged_quantity > 0 ? "font-medium text-red-700" : ""}`}>
                    {formatNumber(item.damaged_quantity)}
                  </td>
                  <td className={`${num} ${item.missing_quantity > 0 ? "font-medium text-amber-800" : ""}`}>
                    {formatNumber(item.missing_quantity)}
                  </td>
                  <td className="px-3 py-2.5">
                    <UnitsBar progress={progress} />
                    <div className="mt-1.5 flex items-center gap-2">
                      <LineStateBadge progress={progress} />
                      {item.discrepancy !== 0 && progress.outstanding === 0 ? (
                        <span className="text-xs tabular-nums text-slate-600">
                          <span className="sr-only">Discrepancy (received minus expected): </span>
                          {item.discrepancy > 0 ? "+" : "−"}
                          {formatNumber(Math.abs(item.discrepancy))}
                        </span>
                      ) : null}
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </ScrollRegion>
    </Card>
  );
}

function Legend({ className, label }: { className: string; label: string }) {
  return (
    <span className="inline-flex items-center gap-1.5">
      <span className={`size-2.5 rounded-full ${className}`} />
      {label}
    </span>
  );
}

/**
 * The shipment's units as a sum that adds up: received (into stock) + damaged + missing = units dealt with,
 * then against the expected units what is still to come and what went over (an overage on one line never
 * covers another line's outstanding units, so both can show).
 */
function ShipmentTotals({ total }: { total: LineProgress }) {
  const dealtWith = total.received + total.damaged + total.missing;
  return (
    <div className="space-y-1 text-sm text-slate-800">
      <p>
        <span className="tabular-nums">{formatNumber(total.received)}</span> received into stock +{" "}
        <span className="tabular-nums">{formatNumber(total.damaged)}</span> damaged +{" "}
        <span className="tabular-nums">{formatNumber(total.missing)}</span> missing ={" "}
        <span className="font-semibold tabular-nums">{formatNumber(dealtWith)}</span> units dealt with, of{" "}
        <span className="font-semibold tabular-nums">{formatNumber(total.expected)}</span> expected (
        {Math.round(total.share * 100)}%).
      </p>
      {total.outstanding > 0 || total.overage > 0 ? (
        <p className="flex flex-wrap gap-x-3">
          {total.outstanding > 0 ? <span>{formatNumber(total.outstanding)} still to receive.</span> : null}
          {total.overage > 0 ? (
            <span className="inline-flex items-center gap-1 font-medium text-amber-800">
              <TriangleAlert aria-hidden="true" className="size-4" />
              {formatNumber(total.overage)} over expected.
            </span>
          ) : null}
        </p>
      ) : null}
    </div>
  );
}
