"use client";

import Link from "next/link";
import { useCurrentStore, useStoreTimeZone } from "@/components/app/staff-context";
import { formatDateTime, formatNumber } from "@/lib/client/format";
import { useProductItemsBySku } from "@/lib/client/hooks/inventory-items";
import type { InboundShipment } from "@/lib/schemas/inbound-shipments";
import { shipmentLabel } from "./shipment-columns";

const numberCell = "px-2 py-2 text-right tabular-nums";
const headCell = "py-2 text-xs font-medium uppercase tracking-wide text-slate-600";

/** A shipment's expanded row: the few fields the table has no room for, then its items. */
export function ShipmentItems({ shipment }: { shipment: InboundShipment }) {
  const timeZone = useStoreTimeZone();
  const store = useCurrentStore();
  const skus = [...new Set(shipment.items.map((item) => item.product.sku).filter((sku) => sku !== null))];
  const lookups = useProductItemsBySku(store.id, skus);
  const itemIdBySku = new Map(skus.map((sku, index) => [sku, lookups[index]?.data?.id]));
  const label = shipmentLabel(shipment);

  return (
    <div className="space-y-3 px-4 py-4">
      <dl className="flex flex-wrap gap-x-8 gap-y-1 text-sm">
        <Detail term="Tracking number" value={shipment.tracking_number} mono />
        <Detail term="Freight type" value={shipment.freight_type} />
        <Detail term="Payment terms" value={shipment.payment_terms} />
        <Detail term="Created" value={formatDateTime(shipment.created_at, timeZone)} />
      </dl>
      {shipment.items.length === 0 ? (
        <p className="text-sm text-slate-600">This shipment has no items yet.</p>
      ) : (
        <div className="overflow-hidden rounded-md border border-slate-200 bg-white">
          <table className="w-full text-sm" aria-label={`Items of shipment ${label}`}>
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className={`${headCell} w-16 pl-3 text-left`}>
                  <span className="sr-only">Image</span>
                </th>
                <th scope="col" className={`${headCell} px-3 text-left`}>
                  Product and SKU
                </th>
                {["Expected", "Received", "Damaged", "Missing"].map((heading) => (
                  <th key={heading} scope="col" className={`${headCell} w-22 px-2 text-right`}>
                    {heading}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {shipment.items.map((item) => {
                const inventoryItemId = item.product.sku ? itemIdBySku.get(item.product.sku) : undefined;
                return (
                  <tr key={item.id} className="border-t border-slate-100">
                    <td className="py-1.5 pr-0 pl-3">
                      {item.product.image_url ? (
                        // biome-ignore lint/performance/noImgElement: small product thumbnails, lazily loaded; next/image would add weight to this page for nothing.
                        <img
                          src={item.product.image_url}
                          // The product's title is in the next cell: a screen reader would hear it twice.
                          alt=""
                          width={40}
                          height={40}
                          loading="lazy"
                          decoding="async"
                          className="size-10 rounded border border-slate-200 bg-slate-50 object-contain"
                        />
                      ) : (
                        <span
                          aria-hidden="true"
                          className="block size-10 rounded border border-slate-200 bg-slate-100"
                        />
                      )}
                    </td>
                    <td className="px-3 py-1.5">
                      <div className="text-slate-900">{item.product.title}</div>
                      <div className="font-mono text-xs">
                        {inventoryItemId ? (
                          <Link
                            href={`/stores/${store.id}/inventory/${inventoryItemId}`}
                            className="text-indigo-700 hover:underline focus-visible:outline-2 focus-visible:outline-indigo-600"
                          >
                            {item.product.sku}
                          </Link>
                        ) : (
                          <span className="text-slate-600">{item.product.sku ?? "No SKU"}</span>
                        )}
                      </div>
                    </td>
                    <td className={numberCell}>{formatNumber(item.quantity)}</td>
                    <td className={numberCell}>{formatNumber(item.received_quantity)}</td>
                    <td className={`${numberCell} ${item.damaged_quantity > 0 ? "text-red-700" : ""}`}>
                      {formatNumber(item.damaged_quantity)}
                    </td>
                    <td className={`${numberCell} ${item.missing_quantity > 0 ? "text-amber-800" : ""}`}>
                      {formatNumber(item.missing_quantity)}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

function Detail({ term, value, mono = false }: { term: string; value: string | null; mono?: boolean }) {
  return (
    <div className="flex gap-2">
      <dt className="text-slate-600">{term}</dt>
      <dd className={`text-slate-900 ${mono ? "font-mono text-xs leading-5" : ""}`}>{value ?? "—"}</dd>
    </div>
  );
}
