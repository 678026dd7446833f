"use client";

import { useStoreTimeZone } from "@/components/app/staff-context";
import { Badge, type BadgeTone } from "@/components/ui/badge";
import { formatDate, formatDateTime } from "@/lib/client/format";
import { useOrderFulfillments } from "@/lib/client/hooks/orders";
import type { ApiFulfillment } from "@/lib/schemas/order-fulfillments";
import { Mono } from "./detail-list";

/**
 * What the merchant shipped of the order (its fulfillments, from Fulfillment create or Custom Order Sync) and
 * where each parcel is: staff answering "did it arrive?" before approving a return see it beside the lines.
 */

const TONE: Partial<Record<ApiFulfillment["status"], BadgeTone>> = {
  delivered: "green",
  in_transit: "blue",
  out_for_delivery: "blue",
  available_for_pickup: "indigo",
  return_to_sender: "amber",
  failure: "red",
  error: "red",
  cancelled: "gray",
};

const words = (status: string) => {
  const text = status.replaceAll("_", " ");
  return text.charAt(0).toUpperCase() + text.slice(1);
};

function place(location: ApiFulfillment["trackingHistory"][number]["location"]): string | null {
  if (!location) return null;
  const parts = [location.city, location.state, location.country].filter(Boolean);
  return parts.length > 0 ? parts.join(", ") : null;
}

function Shipment({ fulfillment, timeZone }: { fulfillment: ApiFulfillment; timeZone: string }) {
  const units = fulfillment.lineItems.reduce((sum, line) => sum + line.quantity, 0);
  const history = [...fulfillment.trackingHistory].reverse();
  const latest = history[0];
  return (
    <li className="py-2">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <p className="font-medium text-slate-900">
            {fulfillment.trackingCompany ?? "Shipment"}{" "}
            {fulfillment.trackingNumber ? <Mono>{fulfillment.trackingNumber}</Mono> : null}
          </p>
          <p className="text-xs text-slate-600">
            {units} {units === 1 ? "unit" : "units"}:{" "}
            {fulfillment.lineItems.map((line) => `${line.title} × ${line.quantity}`).join(", ")}
          </p>
          <p className="text-xs text-slate-600">
            {fulfillment.deliveredAt
              ? `Delivered ${formatDateTime(fulfillment.deliveredAt, timeZone)}`
              : fulfillment.estimatedDeliveryDate
                ? `Expected ${formatDate(fulfillment.estimatedDeliveryDate)}`
                : null}
          </p>
        </div>
        <Badge tone={TONE[fulfillment.status] ?? "gray"}>{words(fulfillment.status)}</Badge>
      </div>
      {latest ? (
        <details className="mt-1 text-xs text-slate-600">
          <summary className="cursor-pointer text-slate-700">
            {latest.message} · {formatDateTime(latest.datetime, timeZone)}
          </summary>
          <ol className="mt-1 space-y-1 border-l border-slate-200 pl-3">
            {history.map((event, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: entries have no id; the list only ever grows at its head
              <li key={`${event.datetime}-${history.length - index}`}>
                <span className="font-medium text-slate-700">{words(event.status)}</span> · {event.message}
                {place(event.location) ? ` · ${place(event.location)}` : ""} ·{" "}
                {formatDateTime(event.datetime, timeZone)}
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </li>
  );
}

export function OrderShipments({ storeId, orderId }: { storeId: string; orderId: string }) {
  const timeZone = useStoreTimeZone();
  const fulfillments = useOrderFulfillments(storeId, orderId);
  return (
    <section aria-labelledby={`shipped-${orderId}`}>
      <h3 id={`shipped-${orderId}`} className="mt-5 text-xs font-medium text-slate-500">
        Shipped to the customer
      </h3>
      {fulfillments.isPending ? (
        <p className="mt-2 text-sm text-slate-500">Loading shipments…</p>
      ) : fulfillments.isError ? (
        <p className="mt-2 text-sm text-red-700">The order's shipments could not be loaded.</p>
      ) : fulfillments.data.length === 0 ? (
        <p className="mt-2 text-sm text-slate-500">No shipments recorded for this order.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100 text-sm">
          {fulfillments.data.map((fulfillment) => (
            <Shipment key={fulfillment.id} fulfillment={fulfillment} timeZone={timeZone} />
          ))}
        </ul>
      )}
    </section>
  );
}
