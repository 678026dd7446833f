import { Card } from "@/components/ui/card";
import { formatMoney, formatPersonName, formatVariant } from "@/lib/client/format";
import { useAllStoreLocations } from "@/lib/client/hooks/locations";
import type { Order } from "@/lib/schemas/orders";
import type { Return } from "@/lib/schemas/returns";
import { AddressLines, Detail, DetailList, IdDetails, Mono } from "./detail-list";
import { OrderShipments } from "./order-shipments";

/** The coverage bought with the order, in words ("None" when the shopper bought none). */
function coverageWords(protection: Order["protection"]): string {
  const kinds = [
    protection.returnsCoverage ? "Returns coverage" : null,
    protection.packageProtection ? "Package protection" : null,
    protection.finalSaleCoverage ? "Final-sale coverage" : null,
  ].filter((kind) => kind !== null);
  return kinds.length > 0 ? kinds.join(", ") : "None";
}

const LABEL_PAYER_NAMES = { customer: "The customer", merchant: "The merchant", redo: "Redo" } as const;

/** Who paid for the return label and why; nothing shown before a payer is settled. */
function labelPayerWords(protection: Return["protection"]): string | undefined {
  if (protection.labelPayer === null) return undefined;
  const reason = protection.labelPayerReason?.toLowerCase().replaceAll("_", " ");
  return `${LABEL_PAYER_NAMES[protection.labelPayer]}${reason ? ` (${reason})` : ""}`;
}

/**
 * The order the return was made against: its references, lines (returned ones marked), what was shipped of
 * it with tracking, and amounts.
 */
export function OrderPanel({ storeId, ret, order }: { storeId: string; ret: Return; order: Order }) {
  const returned = new Set(ret.items.map((item) => item.orderItem.id));
  // Archived locations too: an order fulfilled from a location closed since still names it.
  const locations = useAllStoreLocations(storeId);
  const locationName = (id: string) =>
    locations.data?.find((location) => location.id === id)?.name ??
    (locations.isPending ? "…" : "a location no longer in this store");
  const amounts: [string, Order["total"]][] = [
    ["Items", order.lineItemsTotal],
    ["Discounts", order.discounts],
    ["Shipping", order.shippingCost],
    ["Taxes", order.taxes],
  ];
  return (
    <Card title={`Order ${order.name}`}>
      <DetailList className="grid grid-cols-1 gap-y-2">
        <Detail label="Coverage">{coverageWords(order.protection)}</Detail>
        <Detail label="Return label paid by">{labelPayerWords(ret.protection)}</Detail>
      </DetailList>
      <IdDetails>
        <Detail label="Order">{<Mono key="id">{order.id}</Mono>}</Detail>
        <Detail label="Platform order">
          {order.externalId ? <Mono>{order.externalId}</Mono> : undefined}
        </Detail>
        <Detail label="Platform order ids">
          {ret.platformOrderIds.length > 0 ? <Mono>{ret.platformOrderIds.join(", ")}</Mono> : undefined}
        </Detail>
        <Detail label="External order ids">
          {ret.externalOrderIds.length > 0 ? <Mono>{ret.externalOrderIds.join(", ")}</Mono> : undefined}
        </Detail>
      </IdDetails>
      <h3 className="mt-5 text-xs font-medium text-slate-500">Lines</h3>
      <ul className="mt-2 divide-y divide-slate-100 text-sm">
        {order.items.map((line) => (
          <li key={line.id} className="py-2">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{line.product.name}</p>
                <p className="text-xs text-slate-600">{formatVariant(line.variant)}</p>
                {line.fulfillmentLocationId ? (
                  <p className="text-xs text-slate-500">
                    Fulfilled from {locationName(line.fulfillmentLocationId)}
                  </p>
                ) : null}
              </div>
              <div className="shrink-0 text-right tabular-nums">
                <p>
                  {line.quantity} × {formatMoney(line.price)}
                </p>
                {returned.has(line.id) ? (
                  <p className="text-xs font-medium text-indigo-700">Returned</p>
                ) : null}
              </div>
            </div>
          </li>
        ))}
      </ul>
      <OrderShipments storeId={storeId} orderId={order.id} />
      <dl className="mt-3 space-y-1 border-t border-slate-200 pt-3 text-sm">
        {amounts.map(([label, money]) => (
          <div key={label} className="flex justify-between gap-3">
            <dt className="text-slate-600">{label}</dt>
            <dd className="tabular-nums">{formatMoney(money)}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-3 font-semibold">
          <dt>Total</dt>
          <dd className="tabular-nums">{formatMoney(order.total)}</dd>
        </div>
      </dl>
    </Card>
  );
}

/** Who returns (the return's source) and where the parcel goes (its destination). */
export function CustomerPanel({ ret, order }: { ret: Return; order: Order }) {
  const { source, destination } = ret;
  const buyer = formatPersonName(order.customer.name);
  const customer = formatPersonName(source.name);
  const sameBuyer =
    buyer === customer && (order.customer.emailAddress ?? source.emailAddress) === source.emailAddress;
  return (
    <Card title="Customer">
      <div className="space-y-4 text-sm">
        <div>
          <p className="font-medium text-slate-900">{customer}</p>
          <p>
            <a className="text-indigo-700 hover:underline" href={`mailto:${source.emailAddress}`}>
              {source.emailAddress}
            </a>
          </p>
          {source.phoneNumber ? (
            <p>
              <a
                className="text-slate-700 hover:underline"
                href={`tel:${source.phoneNumber.replace(/\s+/g, "")}`}
              >
                {source.phoneNumber}
              </a>
            </p>
          ) : null}
        </div>
        <DetailList className="grid grid-cols-1 gap-y-3">
          <Detail label="Returns from">{<AddressLines key="from" address={source.mailingAddress} />}</Detail>
          <Detail label="Returns to">
            {
              <div key="to">
                <AddressLines address={destination.mailingAddress} />
                {destination.phoneNumber ? <p className="text-slate-600">{destination.phoneNumber}</p> : null}
              </div>
            }
          </Detail>
          <Detail label="Ordered by">
            {sameBuyer
              ? undefined
              : [buyer, order.customer.emailAddress, order.customer.phoneNumber].filter(Boolean).join(" · ")}
          </Detail>
        </DetailList>
      </div>
    </Card>
  );
}
