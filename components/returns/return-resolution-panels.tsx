import { ExternalLink } from "lucide-react";
import type { ReactNode } from "react";
import { useStoreTimeZone } from "@/components/app/staff-context";
import { Badge } from "@/components/ui/badge";
import { Card } from "@/components/ui/card";
import { formatDate, formatDateTime, formatMoney, formatVariant, humanize } from "@/lib/client/format";
import type { Order } from "@/lib/schemas/orders";
import type { Exchange, Return, Shipment } from "@/lib/schemas/returns";
import { Detail, DetailList, IdDetails, Mono } from "./detail-list";
import { ShipmentStatusBadge } from "./return-badges";
import { itemTitle } from "./return-item-details";
import { ReturnTagsEditor } from "./return-tags-editor";

function ExternalAnchor({ href, children }: { href: string; children: ReactNode }) {
  return (
    <a
      href={href}
      target="_blank"
      rel="noreferrer noopener"
      className="inline-flex items-center gap-1 font-medium text-indigo-700 hover:underline"
    >
      {children}
      <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
}

/** What the customer gets back and pays, and how. */
export function TotalsPanel({ ret }: { ret: Return }) {
  const rows: [string, Return["totals"]["refund"]][] = [
    ["Refund", ret.totals.refund],
    ["Store credit", ret.totals.storeCredit],
    ["Exchange", ret.totals.exchange],
    ["Customer pays", ret.totals.charge],
  ];
  return (
    <Card title="Totals">
      <dl className="space-y-1.5 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="flex justify-between gap-3">
            <dt className="text-slate-600">{label}</dt>
            <dd className="font-medium tabular-nums">{formatMoney(value.amount)}</dd>
          </div>
        ))}
      </dl>
      <DetailList className="mt-4 grid grid-cols-1 gap-y-2 border-t border-slate-200 pt-3">
        <Detail label="Compensation">
          {ret.compensationMethods.length > 0 ? (
            <span className="flex flex-wrap gap-1">
              {ret.compensationMethods.map((method) => (
                <Badge key={method}>{humanize(method)}</Badge>
              ))}
            </span>
          ) : (
            "None chosen"
          )}
        </Detail>
        <Detail label="Completes with no action">{ret.completeWithNoAction ? "Yes" : "No"}</Detail>
      </DetailList>
    </Card>
  );
}

/** The replacement items of an exchange. */
export function ExchangePanel({ exchange }: { exchange: Exchange }) {
  return (
    <Card
      title="Exchange"
      actions={
        <Badge tone={exchange.provision === "instant" ? "green" : "amber"}>
          {humanize(exchange.provision)}
        </Badge>
      }
    >
      <ul className="divide-y divide-slate-100 text-sm">
        {exchange.items.map((item) => (
          <li key={item.id} className="py-2 first:pt-0">
            <div className="flex justify-between gap-3">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{item.product.name}</p>
                <p className="text-xs text-slate-600">{formatVariant(item.variant)}</p>
              </div>
              <div className="shrink-0 text-right tabular-nums">
                <p>
                  {item.quantity} × {formatMoney(item.price)}
                </p>
                {item.originalPrice.amount !== item.price.amount ? (
                  <p className="text-xs text-slate-500">
                    was <s>{formatMoney(item.originalPrice)}</s>
                  </p>
                ) : null}
                <p className="text-xs text-slate-500">
                  tax {formatMoney({ amount: item.price.tax, currency: item.price.currency })} each
                </p>
              </div>
            </div>
          </li>
        ))}
      </ul>
      <DetailList className="mt-3 grid grid-cols-2 gap-3 border-t border-slate-200 pt-3">
        <Detail label="Items">{String(exchange.itemCount)}</Detail>
        <Detail label="Total tax">{formatMoney(exchange.totalTax)}</Detail>
        <Detail label="Exchange order">
          {exchange.order ? <Mono>{exchange.order.externalId}</Mono> : undefined}
        </Detail>
      </DetailList>
    </Card>
  );
}

/** The parcels coming back, with tracking, and the drop-off options offered to the customer. */
export function ShipmentsPanel({ ret, order }: { ret: Return; order: Order }) {
  const lines = new Map(order.items.map((line) => [line.id, line]));
  const itemName = (itemId: string) => {
    const item = ret.items.find((candidate) => candidate.id === itemId);
    return item ? itemTitle(item, lines.get(item.orderItem.id)) : itemId;
  };
  return (
    <Card title={ret.shipments.length > 1 ? `Shipments (${ret.shipments.length})` : "Shipment"}>
      {ret.shipments.length === 0 ? (
        <p className="text-sm text-slate-600">No shipment yet: the customer has not sent the items back.</p>
      ) : (
        <ul className="space-y-4 divide-slate-100">
          {ret.shipments.map((shipment, index) => (
            <ShipmentEntry
              key={shipment.tracker ?? shipment.shipmentGroupId ?? index}
              shipment={shipment}
              itemName={itemName}
            />
          ))}
        </ul>
      )}
      {ret.dropoffs.length > 0 ? (
        <div className="mt-4 border-t border-slate-200 pt-3">
          <h3 className="text-xs font-medium text-slate-500">Drop-off options</h3>
          <ul className="mt-1 space-y-1 text-sm">
            {ret.dropoffs.map((dropoff) => (
              <li
                key={`${dropoff.provider}-${dropoff.qrCode}`}
                className="flex flex-wrap justify-between gap-x-3"
              >
                <span>{dropoff.provider}</span>
                <ExternalAnchor href={dropoff.qrCodeUrl}>
                  QR <span className="font-mono">{dropoff.qrCode}</span>
                </ExternalAnchor>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </Card>
  );
}

function ShipmentEntry({ shipment, itemName }: { shipment: Shipment; itemName: (id: string) => string }) {
  const timeZone = useStoreTimeZone();
  return (
    <li className="text-sm">
      <div className="flex items-center justify-between gap-3">
        <p className="font-medium text-slate-900">{shipment.carrier ?? "Carrier not known"}</p>
        <ShipmentStatusBadge status={shipment.status} />
      </div>
      {shipment.tracker ? (
        <p className="mt-1">
          {shipment.trackingUrl ? (
            <ExternalAnchor href={shipment.trackingUrl}>
              <span className="sr-only">Track </span>
              <span className="font-mono">{shipment.tracker}</span>
            </ExternalAnchor>
          ) : (
            <Mono>{shipment.tracker}</Mono>
          )}
        </p>
      ) : null}
      <DetailList className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2">
        <Detail label="Expected">
          {shipment.estimatedDeliveryDate ? formatDate(shipment.estimatedDeliveryDate) : undefined}
        </Detail>
        <Detail label="Delivered">
          {shipment.deliveredAt ? formatDateTime(shipment.deliveredAt, timeZone) : undefined}
        </Detail>
      </DetailList>
      <IdDetails show={Boolean(shipment.shipmentGroupId || shipment.externalLocationId)}>
        <Detail label="Shipment group">
          {shipment.shipmentGroupId ? <Mono>{shipment.shipmentGroupId}</Mono> : undefined}
        </Detail>
        <Detail label="Destination (platform location)">
          {shipment.externalLocationId ? <Mono>{shipment.externalLocationId}</Mono> : undefined}
        </Detail>
      </IdDetails>
      {shipment.itemIds.length > 0 ? (
        <p className="mt-2 text-xs text-slate-600">Contains {shipment.itemIds.map(itemName).join(", ")}</p>
      ) : null}
      {shipment.postageLabel || shipment.formLabel ? (
        <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
          {shipment.postageLabel ? (
            <ExternalAnchor href={shipment.postageLabel}>Postage label</ExternalAnchor>
          ) : null}
          {shipment.formLabel ? (
            <ExternalAnchor href={shipment.formLabel}>Customs form</ExternalAnchor>
          ) : null}
        </p>
      ) : null}
    </li>
  );
}

/** Gift cards issued as compensation. */
export function GiftCardsPanel({ ret }: { ret: Return }) {
  return (
    <Card title="Gift cards">
      <ul className="space-y-2 text-sm">
        {ret.giftCards.map((card) => (
          <li key={card.code} className="flex items-start justify-between gap-3">
            <div className="min-w-0">
              <Mono>{card.code}</Mono>
              <p className="text-xs text-slate-500">{card.externalId}</p>
            </div>
            <span className="font-medium tabular-nums">{formatMoney(card.amount)}</span>
          </li>
        ))}
      </ul>
    </Card>
  );
}

/** The return's own references, dates and tags. */
export function ReturnFactsPanel({ storeId, ret }: { storeId: string; ret: Return }) {
  const timeZone = useStoreTimeZone();
  return (
    <Card title="About this return">
      <DetailList className="grid grid-cols-1 gap-y-2">
        <Detail label="Type">{humanize(ret.type)}</Detail>
        <Detail label="Created">{formatDateTime(ret.createdAt, timeZone)}</Detail>
        <Detail label="Created by">{ret.internalCreatedByName}</Detail>
        <Detail label="Updated">{formatDateTime(ret.updatedAt, timeZone)}</Detail>
        <Detail label="Tags">
          <ReturnTagsEditor storeId={storeId} returnId={ret.id} tags={ret.tags} />
        </Detail>
      </DetailList>
      <IdDetails>
        <Detail label="Return">{<Mono key="id">{ret.id}</Mono>}</Detail>
      </IdDetails>
    </Card>
  );
}
